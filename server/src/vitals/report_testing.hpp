#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "storage/vitals.hpp"
#include "vitals/beacon.hpp"
#include "vitals/histogram.hpp"
#include "vitals/report.hpp"
#include "vitals/scales.hpp"

// Helpers for the report's tests (header-only, used by tests alone).
namespace landing::vitals::testing {

// How many times `part` stands in `text`, overlaps included.
inline std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// The row the store would hold for these values: counts per bucket, ratings, min and max.
inline storage::vitals_aggregate aggregate_of(storage::vitals_key key,
                                              const std::vector<double>& values,
                                              std::vector<storage::vitals_target> targets = {}) {
  const auto m = *metric_named(key.metric);
  histogram h(scale_of(m));
  storage::vitals_aggregate row;
  for (double v : values) {
    h.add(v);
    const auto rated = rate(m, v);
    ++(rated == rating::good ? row.good : rated == rating::poor ? row.poor : row.needs_improvement);
  }
  row.key = std::move(key);
  row.count = h.count();
  row.min = h.min();
  row.max = h.max();
  for (std::size_t i = 0; i < h.counts().size(); ++i) {
    if (h.counts()[i] > 0) row.buckets.push_back({static_cast<std::uint32_t>(i), h.counts()[i]});
  }
  row.targets = std::move(targets);
  return row;
}

// A report as build_report would give it for a week with data for every metric but TTFB.
inline report sample_report() {
  report r;
  r.options = {.days = 7, .today = 20000, .route = "/:locale", .locale = "en", .device = ""};
  const auto day = [](int offset) { return std::int64_t{20000 - 6 + offset}; };
  r.metrics = {
      {metric::lcp,
       1234,
       2345.4,
       3100,
       6000,
       0.8,
       0.15,
       0.05,
       {{day(0), 2100}, {day(1), 2300}, {day(3), 2600}, {day(6), 2400}}},
      {metric::inp, 321, 180, 260, 640, 0.7, 0.2, 0.1, {{day(2), 150}, {day(6), 210}}},
      {metric::cls, 1200, 0.0512, 0.12, 0.31, 0.9, 0.06, 0.04, {{day(6), 0.0512}}},
      {metric::fcp, 1240, 1500, 2100, 4200, 0.75, 0.2, 0.05, {{day(5), 1500}}},
      {metric::ttfb, 0, 0, 0, 0, 0, 0, 0, {}},
  };
  r.score = 93;
  r.top_lcp_elements = {{"main > h1.banner", "", 800}, {"img#hero", "", 120}};
  r.top_inp_targets = {{"button.submit", "pointer", 90}, {"input[name=email]", "keyboard", 12}};
  return r;
}

}  // namespace landing::vitals::testing
