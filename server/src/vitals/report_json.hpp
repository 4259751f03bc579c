#pragma once

#include <string>

#include "vitals/report.hpp"

namespace landing::vitals {

// The report for scripts and dashboards:
//   {"from": "YYYY-MM-DD", "to": "YYYY-MM-DD",
//    "filters": {"route": s|null, "locale": s|null, "device": s|null},
//    "score": n|null,
//    "metrics": {"LCP": {"count", "p75", "p90", "p99", "good", "needs_improvement", "poor"}, …},
//    "top_lcp_elements": [{"selector", "count"}],
//    "top_inp_targets": [{"selector", "interaction_type", "count"}]}
// Times in milliseconds, CLS unitless, shares fractions of 1; a metric without values has null
// percentiles and shares of 0. A null filter means any value.
std::string to_json(const report& r);

}  // namespace landing::vitals
