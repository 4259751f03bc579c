#include "vitals/score.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace landing::vitals {
namespace {

constexpr curve lcp{2500, 4000};

// The same curve in the usual parameters of a log-normal: location ln(median), and a spread that
// puts p10 at the 10th percentile (z = 1.2815515655). Lighthouse's constant comes from its own
// erf approximation, hence the 1e-4.
double textbook_score(curve shape, double value) {
  const double sigma = std::log(shape.median / shape.p10) / 1.2815515655446004;
  return 0.5 * std::erfc(std::log(value / shape.median) / (sigma * std::sqrt(2.0)));
}

TEST(vitals_score, a_curve_scores_its_p10_at_0_9_and_its_median_at_0_5) {
  EXPECT_NEAR(log_normal_score(lcp, 2500), 0.9, 1e-4);
  EXPECT_NEAR(log_normal_score(lcp, 4000), 0.5, 1e-12);
  EXPECT_EQ(log_normal_score(lcp, 0), 1);
  for (double v : {300.0, 1200.0, 2600.0, 3000.0, 3900.0, 4100.0, 8000.0, 20000.0}) {
    EXPECT_NEAR(log_normal_score(lcp, v), textbook_score(lcp, v), 1e-4) << v;
  }
}

TEST(vitals_score, bands_never_cross_and_scores_fall_as_values_grow) {
  double last = 1;
  for (double v = 1; v < 20000; v *= 1.01) {
    const double s = log_normal_score(lcp, v);
    EXPECT_LE(s, last) << v;
    if (v <= 2500) {
      EXPECT_GE(s, 0.9) << v;
    }
    if (v > 2500 && v <= 4000) {
      EXPECT_LT(s, 0.9) << v;
      EXPECT_GE(s, 0.5) << v;
    }
    if (v > 4000) {
      EXPECT_LT(s, 0.5) << v;
    }
    last = s;
  }
}

TEST(vitals_score, every_metric_at_its_good_threshold_scores_90_and_at_its_poor_one_50) {
  EXPECT_EQ(real_experience_score({2500, 200, 0.1, 1800}), 90);
  EXPECT_EQ(real_experience_score({4000, 500, 0.25, 3000}), 50);
  EXPECT_EQ(real_experience_score({}), std::nullopt);
}

TEST(vitals_score, weights_follow_lighthouse_and_scale_over_the_metrics_present) {
  // A page perfect but for an INP off the curve's end loses INP's weight (TBT's 30 of 90).
  EXPECT_EQ(real_experience_score({1, 1e7, 0.0, 1}), 67);
  // LCP's 25 of 90.
  EXPECT_EQ(real_experience_score({1e7, 1, 0.0, 1}), 72);
  // With only CLS known, the score is CLS's own.
  EXPECT_EQ(real_experience_score({std::nullopt, std::nullopt, 0.25, std::nullopt}), 50);
}

}  // namespace
}  // namespace landing::vitals
