#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

#include "vitals/beacon.hpp"

namespace landing::vitals {

// What /metrics shows of real-user measurement, since this process started: a Prometheus
// histogram per metric labelled by route, locale and device, and the beacons accepted, rejected
// (by reason) and dropped. Relaxed atomics in fixed arrays: the labels are the contract's lists,
// so nothing a visitor sends can add a series.
class counters {
 public:
  // Why beacons are refused: the endpoint's own reasons, then parse_beacon's codes.
  static constexpr std::array<std::string_view, 25> reasons{"cross_site",
                                                            "unsupported_media_type",
                                                            "too_large",
                                                            "rate_limited",
                                                            "malformed",
                                                            "version",
                                                            "route",
                                                            "locale",
                                                            "device",
                                                            "effective_type",
                                                            "metrics",
                                                            "metric_name",
                                                            "duplicate_metric",
                                                            "attribution_field",
                                                            "value_range",
                                                            "value_precision",
                                                            "rating",
                                                            "navigation_type",
                                                            "selector",
                                                            "interaction_type",
                                                            "unknown_field",
                                                            "steps",
                                                            "step",
                                                            "duplicate_step",
                                                            "other"};

  // A beacon that passed every check (accepted); its values go into the histograms.
  void observe(const beacon& item);
  // A beacon refused for what it is or how it came (reasons above).
  void rejected(std::string_view reason);
  // Beacons lost without a fault of theirs: to a full queue (never checked), or to a write the
  // store refused (accepted before).
  void dropped(std::uint64_t beacons = 1);
  // An arrival (a visit and its source) left out because its client had made its hourly share
  // of them: the beacon's measurements still count.
  void arrival_capped();
  // A funnel beacon that passed every check, and one of its steps left out because its client
  // had made its hourly share of that step.
  void funnel_accepted();
  void step_capped();

  [[nodiscard]] std::uint64_t accepted_total() const { return accepted_.load(); }
  [[nodiscard]] std::uint64_t dropped_total() const { return dropped_.load(); }
  [[nodiscard]] std::uint64_t arrivals_capped_total() const { return arrivals_capped_.load(); }
  [[nodiscard]] std::uint64_t funnel_accepted_total() const { return funnel_accepted_.load(); }
  [[nodiscard]] std::uint64_t steps_capped_total() const { return steps_capped_.load(); }
  [[nodiscard]] std::uint64_t rejected_total(std::string_view reason) const;

  // Prometheus text exposition, appended to the server's /metrics.
  [[nodiscard]] std::string render() const;

 private:
  // Upper bounds: seconds for the timings (each metric's thresholds among them), unitless for CLS.
  static constexpr std::array<double, 13> time_bounds{0.05, 0.1, 0.2, 0.5, 0.8, 1, 1.8,
                                                      2.5,  3,   4,   6,   10,  20};
  static constexpr std::array<double, 7> shift_bounds{0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1};
  static constexpr std::size_t series =
      all_metrics.size() * routes.size() * locales.size() * devices.size();
  struct histogram_series {
    std::array<std::atomic<std::uint64_t>, time_bounds.size()> buckets{};
    std::atomic<std::uint64_t> count{0};
    std::atomic<std::uint64_t> sum_micro{0};  // millionths of a second, or of a CLS point
  };
  std::array<histogram_series, series> series_{};
  std::atomic<std::uint64_t> accepted_{0};
  std::atomic<std::uint64_t> dropped_{0};
  std::atomic<std::uint64_t> arrivals_capped_{0};
  std::atomic<std::uint64_t> funnel_accepted_{0};
  std::atomic<std::uint64_t> steps_capped_{0};
  std::array<std::atomic<std::uint64_t>, reasons.size()> rejected_{};
};

}  // namespace landing::vitals
