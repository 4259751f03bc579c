#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "storage/funnel.hpp"
#include "storage/visits.hpp"
#include "storage/vitals.hpp"
#include "vitals/beacon.hpp"
#include "vitals/funnel_beacon.hpp"
#include "vitals/histogram.hpp"

namespace landing::vitals {

// Folds beacons into the stored aggregates' shape in memory, so a batch of thousands of beacons
// becomes a handful of rows: one per day, route, locale, device and metric.
class aggregator {
 public:
  // Distinct targets kept per key in one batch; the rest count as others (an empty target). The
  // store bounds its list again across batches.
  static constexpr std::size_t targets_per_batch = 64;

  void add(const beacon& item, std::int64_t day);
  void add(const funnel_beacon& item, std::int64_t day);
  [[nodiscard]] bool empty() const { return keys_.empty() && visits_.empty() && funnel_.empty(); }
  // The rows so far, in key order; the aggregator holds no rows afterwards.
  std::vector<storage::vitals_aggregate> take();
  // The arrivals so far, per day, locale and source class; none are held afterwards. A batch
  // holds at most attribution::max_classes_per_day classes, the rest count as `other`.
  std::vector<storage::visit_count> take_visits();
  // The funnel's steps so far, per day, locale, source class, device and step; none are held
  // afterwards. A batch holds at most attribution::max_classes_per_day classes, the rest count
  // as `other`, as visits.
  std::vector<storage::funnel_count> take_funnel();

 private:
  struct working {
    explicit working(scale range) : values(range) {}
    histogram values;
    std::uint64_t good = 0;
    std::uint64_t needs_improvement = 0;
    std::uint64_t poor = 0;
    std::map<std::pair<std::string, std::string>, std::uint64_t> targets;
  };
  std::map<storage::vitals_key, working> keys_;
  std::map<std::tuple<std::int64_t, std::string, std::string>, std::uint64_t> visits_;
  using funnel_key = std::tuple<std::int64_t, std::string, std::string, std::string, std::string>;
  std::map<funnel_key, std::uint64_t> funnel_;
  std::set<std::string> funnel_classes_;
};

// A stored row as the histogram it stands for, on its metric's scale.
histogram histogram_of(metric name, const storage::vitals_aggregate& row);

}  // namespace landing::vitals
