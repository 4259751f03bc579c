#pragma once

#include <optional>
#include <string_view>

namespace landing::vitals {

// A Lighthouse scoring curve: a log-normal whose 10th percentile scores 0.9 and whose median
// scores 0.5 (Lighthouse's shared/statistics.js, getLogNormalScore).
struct curve {
  double p10;
  double median;
};

// The score (0 to 1) of a value on a curve, with Lighthouse's clamping: a value at or below p10
// scores at least 0.9, one up to the median at least 0.5, and each band never reaches the next.
double log_normal_score(curve shape, double value);

// The p75s of the field metrics that the score uses (absent when no beacon had the metric).
struct p75s {
  std::optional<double> lcp_ms;
  std::optional<double> inp_ms;
  std::optional<double> cls;
  std::optional<double> fcp_ms;
};

// The Real Experience Score, 0 to 100: Lighthouse's mobile curves applied to the p75s and
// weighted like its performance score (FCP 10, LCP 25, TBT 30, CLS 25, Speed Index 10). The
// field has no TBT or Speed Index: INP takes TBT's weight with the curve of its own thresholds
// (200 and 500 ms, as Lighthouse's LCP, CLS and FCP curves sit on theirs), and the weights of
// the metrics present are scaled to add up to one. Absent when no metric is present.
std::optional<int> real_experience_score(const p75s& field);

}  // namespace landing::vitals
