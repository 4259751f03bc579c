#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace landing::vitals {

// The metrics a beacon carries, in contract/vitals-beacon.json's order of definition.
enum class metric { lcp, inp, cls, fcp, ttfb };
inline constexpr std::array all_metrics{metric::lcp, metric::inp, metric::cls, metric::fcp,
                                        metric::ttfb};

// One metric's definition in the contract: its name, range, precision and Google's thresholds
// (good at or below the first, poor above the second).
struct metric_definition {
  std::string_view name;
  double max;
  int decimals;
  double good;
  double poor;
  bool has_target;
  bool has_interaction_type;
};
const metric_definition& definition(metric m);
std::optional<metric> metric_named(std::string_view name);

enum class rating { good, needs_improvement, poor };
rating rate(metric m, double value);
std::string_view rating_name(rating r);

// What a beacon may name (contract/vitals-beacon.json): the labels of /metrics and the report's
// filters come from the same lists.
inline constexpr std::array<std::string_view, 1> routes{"/:locale"};
inline constexpr std::array<std::string_view, 2> locales{"en", "ru"};
inline constexpr std::array<std::string_view, 2> devices{"mobile", "desktop"};

inline constexpr std::size_t max_body_bytes = 8192;
inline constexpr std::size_t max_selector_code_points = 200;

struct measurement {
  metric name;
  double value;
  rating rated;
  std::string navigation_type;
  std::string target;            // empty when the metric has none or the page found none
  std::string interaction_type;  // INP only
};

struct beacon {
  std::string route;
  std::string locale;
  std::string device;
  std::string effective_type;  // empty where the browser has no Network Information API
  std::vector<measurement> metrics;
  // The source class of an arrival (the tab session's first page view carries `source`), or
  // empty for a later page view. A source that fails its checks is the class `other`.
  std::string visit_class;
};

// Why a beacon was refused: a short code for the 400's body and the rejected-by-reason counter
// (e.g. "locale", "value_range"), and where in the beacon (e.g. "metrics[2].value").
struct refusal {
  std::string code;
  std::string where;
};

struct parsed {
  std::optional<beacon> ok;
  std::optional<refusal> refused;
};

// Checks a beacon body against contract/vitals-beacon.json strictly: exact field sets, known
// names, values in range with the metric's precision, ratings that match the values, and
// selectors of 1 to 200 printable code points. The first violation is reported.
parsed parse_beacon(std::string_view body);

}  // namespace landing::vitals
