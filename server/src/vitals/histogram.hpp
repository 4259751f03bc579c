#pragma once

#include <cstdint>
#include <vector>

namespace landing::vitals {

// The range a metric's histogram covers with fine buckets: values below `floor` share the first
// bucket, values above `ceiling` the last. The beacon contract's ranges decide the ceilings.
struct scale {
  double floor;
  double ceiling;
};

// A histogram with fixed log-spaced buckets: bucket 0 holds [0, floor), bucket i holds
// [floor·g^(i-1), floor·g^i). Fixed edges make histograms of different days, replicas and
// engines add up bucket by bucket; the aggregates store only these counts, never a visitor's
// value. With g = 1.04 a quantile read as the bucket's geometric middle is within ±2 % of the
// exact one (√1.04 − 1), well inside the 5 % the issue asks for.
class histogram {
 public:
  static constexpr double growth = 1.04;

  explicit histogram(scale range);

  // Restores a stored histogram; `counts` shorter than the scale's bucket count is padded.
  static histogram from_counts(scale range, std::vector<std::uint64_t> counts, double min,
                               double max);

  void add(double value, std::uint64_t times = 1);
  void merge(const histogram& other);

  [[nodiscard]] std::uint64_t count() const { return total_; }
  // The nearest-rank quantile (q in (0, 1]) estimated from the buckets, kept inside the smallest
  // and largest value seen; 0 when empty.
  [[nodiscard]] double quantile(double q) const;
  [[nodiscard]] const std::vector<std::uint64_t>& counts() const { return counts_; }
  [[nodiscard]] double min() const { return min_; }
  [[nodiscard]] double max() const { return max_; }
  // The lower edge of bucket i (0 for the first).
  [[nodiscard]] double lower_edge(std::size_t bucket) const;
  [[nodiscard]] std::size_t bucket_of(double value) const;

 private:
  scale range_;
  std::vector<std::uint64_t> counts_;
  std::uint64_t total_ = 0;
  double min_ = 0;
  double max_ = 0;
};

}  // namespace landing::vitals
