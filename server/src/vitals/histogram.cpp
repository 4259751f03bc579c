#include "vitals/histogram.hpp"

#include <algorithm>
#include <cmath>

namespace landing::vitals {
namespace {

std::size_t buckets_for(scale range) {
  const auto fine = std::ceil(std::log(range.ceiling / range.floor) / std::log(histogram::growth));
  return static_cast<std::size_t>(fine) + 1;
}

}  // namespace

histogram::histogram(scale range) : range_(range), counts_(buckets_for(range), 0) {}

histogram histogram::from_counts(scale range, std::vector<std::uint64_t> counts, double min,
                                 double max) {
  histogram restored(range);
  const auto size = std::min(counts.size(), restored.counts_.size());
  for (std::size_t i = 0; i < size; ++i) {
    restored.counts_[i] = counts[i];
    restored.total_ += counts[i];
  }
  restored.min_ = min;
  restored.max_ = max;
  return restored;
}

std::size_t histogram::bucket_of(double value) const {
  if (!(value >= range_.floor)) return 0;  // also NaN, which validation keeps out anyway
  const auto index = std::floor(std::log(value / range_.floor) / std::log(growth)) + 1;
  return std::min(static_cast<std::size_t>(index), counts_.size() - 1);
}

double histogram::lower_edge(std::size_t bucket) const {
  if (bucket == 0) return 0;
  return range_.floor * std::pow(growth, static_cast<double>(bucket - 1));
}

void histogram::add(double value, std::uint64_t times) {
  if (times == 0) return;
  if (total_ == 0) {
    min_ = max_ = value;
  } else {
    min_ = std::min(min_, value);
    max_ = std::max(max_, value);
  }
  counts_[bucket_of(value)] += times;
  total_ += times;
}

void histogram::merge(const histogram& other) {
  if (other.total_ == 0) return;
  if (total_ == 0) {
    min_ = other.min_;
    max_ = other.max_;
  } else {
    min_ = std::min(min_, other.min_);
    max_ = std::max(max_, other.max_);
  }
  for (std::size_t i = 0; i < counts_.size() && i < other.counts_.size(); ++i) {
    counts_[i] += other.counts_[i];
  }
  total_ += other.total_;
}

double histogram::quantile(double q) const {
  if (total_ == 0) return 0;
  const auto rank = static_cast<std::uint64_t>(
      std::max(1.0, std::ceil(std::clamp(q, 0.0, 1.0) * static_cast<double>(total_))));
  if (rank == total_) return max_;  // the largest value is kept exactly
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    seen += counts_[i];
    if (seen < rank) continue;
    // The first bucket's values are below the fine range (a CLS of 0, say): its smallest
    // value seen stands for them. Elsewhere the geometric middle of the bucket, narrowed to
    // the values seen, so a bucket holding only the largest value gives that value.
    if (i == 0) return min_;
    const double low = std::max(lower_edge(i), min_);
    const double high = std::min(lower_edge(i + 1), max_);
    return std::sqrt(low * high);
  }
  return max_;
}

}  // namespace landing::vitals
