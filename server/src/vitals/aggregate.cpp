#include "vitals/aggregate.hpp"

#include <algorithm>

#include "attribution/source.hpp"
#include "vitals/scales.hpp"

namespace landing::vitals {

void aggregator::add(const beacon& item, std::int64_t day) {
  if (!item.visit_class.empty()) {
    std::tuple<std::int64_t, std::string, std::string> key{day, item.locale, item.visit_class};
    if (const auto known = visits_.find(key); known != visits_.end()) {
      ++known->second;
    } else if (visits_.size() < attribution::max_classes_per_day) {
      visits_.emplace(std::move(key), 1);
    } else {
      ++visits_[{day, item.locale, std::string(attribution::other_class)}];
    }
  }
  for (const auto& each : item.metrics) {
    storage::vitals_key key{day, item.route, item.locale, item.device,
                            std::string(definition(each.name).name)};
    auto found = keys_.find(key);
    if (found == keys_.end()) found = keys_.emplace(key, working(scale_of(each.name))).first;
    auto& row = found->second;
    row.values.add(each.value);
    // The beacon's rating was checked against its value (parse_beacon), so it is Google's.
    switch (each.rated) {
      case rating::good:
        ++row.good;
        break;
      case rating::needs_improvement:
        ++row.needs_improvement;
        break;
      case rating::poor:
        ++row.poor;
        break;
    }
    if (each.target.empty()) continue;
    std::pair<std::string, std::string> target{each.target, each.interaction_type};
    if (const auto known = row.targets.find(target); known != row.targets.end()) {
      ++known->second;
    } else if (row.targets.size() < targets_per_batch) {
      row.targets.emplace(std::move(target), 1);
    } else {
      ++row.targets[{}];
    }
  }
}

std::vector<storage::vitals_aggregate> aggregator::take() {
  std::vector<storage::vitals_aggregate> out;
  out.reserve(keys_.size());
  for (auto& [key, row] : keys_) {
    storage::vitals_aggregate item;
    item.key = key;
    item.count = row.values.count();
    item.good = row.good;
    item.needs_improvement = row.needs_improvement;
    item.poor = row.poor;
    item.min = row.values.min();
    item.max = row.values.max();
    const auto& counts = row.values.counts();
    for (std::size_t i = 0; i < counts.size(); ++i) {
      if (counts[i] > 0) item.buckets.push_back({static_cast<std::uint32_t>(i), counts[i]});
    }
    for (auto& [target, count] : row.targets) {
      item.targets.push_back({target.first, target.second, count});
    }
    std::stable_sort(item.targets.begin(), item.targets.end(),
                     [](const auto& a, const auto& b) { return a.count > b.count; });
    out.push_back(std::move(item));
  }
  keys_.clear();
  return out;
}

std::vector<storage::visit_count> aggregator::take_visits() {
  std::vector<storage::visit_count> out;
  out.reserve(visits_.size());
  for (auto& [key, count] : visits_) {
    out.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), count});
  }
  visits_.clear();
  return out;
}

void aggregator::add(const funnel_beacon& item, std::int64_t day) {
  auto source = item.source_class;
  if (!funnel_classes_.contains(source)) {
    if (funnel_classes_.size() < attribution::max_classes_per_day) {
      funnel_classes_.insert(source);
    } else {
      source = std::string(attribution::other_class);
    }
  }
  for (const auto& step : item.steps) ++funnel_[{day, item.locale, source, item.device, step}];
}

std::vector<storage::funnel_count> aggregator::take_funnel() {
  std::vector<storage::funnel_count> out;
  out.reserve(funnel_.size());
  for (auto& [key, count] : funnel_) {
    const auto& [day, locale, source, device, step] = key;
    out.push_back({day, locale, source, device, step, count});
  }
  funnel_.clear();
  funnel_classes_.clear();
  return out;
}

histogram histogram_of(metric name, const storage::vitals_aggregate& row) {
  std::vector<std::uint64_t> counts(histogram(scale_of(name)).counts().size(), 0);
  for (const auto& bucket : row.buckets) {
    // An index past the scale can only come from other bucket edges, which would have needed a
    // migration: left out rather than read as the wrong value (or grown into a huge vector).
    if (bucket.index < counts.size()) counts[bucket.index] += bucket.count;
  }
  return histogram::from_counts(scale_of(name), std::move(counts), row.min, row.max);
}

}  // namespace landing::vitals
