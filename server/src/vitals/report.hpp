#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/clock.hpp"
#include "storage/vitals.hpp"
#include "vitals/beacon.hpp"

// The Web Vitals report (issue 16): the stored aggregates of a period read as percentiles,
// shares, a score and the most frequent attribution targets. Plain data, built by a pure
// function; report_text, report_json and report_html only present it.
namespace landing::vitals {

// Attribution targets a report lists per metric.
inline constexpr std::size_t top_targets_shown = 10;

struct report_options {
  int days = 7;
  std::int64_t today = 0;  // UTC day number: days since 1970-01-01
  // Empty means any. The {} lets callers name only some fields ({.days = 28, .today = t})
  // without GCC's -Wmissing-field-initializers.
  std::string route{};
  std::string locale{};
  std::string device{};
};

struct metric_report {
  metric name = metric::lcp;
  std::uint64_t count = 0;
  // Estimated from the merged histograms; 0 when count is 0.
  double p75 = 0;
  double p90 = 0;
  double p99 = 0;
  // Fractions of 1 of the values rated good, needs improvement and poor; 0 when count is 0.
  double good = 0;
  double needs_improvement = 0;
  double poor = 0;
  std::vector<std::pair<std::int64_t, double>> daily_p75;  // (day, p75) with data, ascending
};

struct report {
  report_options options;
  std::optional<int> score;            // absent when no beacon had LCP, INP, CLS or FCP
  std::vector<metric_report> metrics;  // always one per metric, in all_metrics order
  std::vector<storage::vitals_target> top_lcp_elements;
  std::vector<storage::vitals_target> top_inp_targets;
};

// Reads the rows the store returned for `options` (already filtered by period and fields); rows
// of a metric this build does not know are skipped.
report build_report(const std::vector<storage::vitals_aggregate>& rows,
                    const report_options& options);

// The period a report covers: first_day(options) to options.today, both included. A period
// of fewer than one day is read as one day.
std::int64_t first_day(const report_options& options);

// Days as the report names them (common/clock.hpp).
using clock::format_day;
using clock::today_utc;

}  // namespace landing::vitals
