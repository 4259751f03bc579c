#include "vitals/histogram.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace landing::vitals {
namespace {

constexpr scale milliseconds{1, 600000};
constexpr scale layout_shift{0.0001, 10};

double exact_quantile(std::vector<double> values, double q) {
  std::sort(values.begin(), values.end());
  const auto rank =
      static_cast<std::size_t>(std::max(1.0, std::ceil(q * static_cast<double>(values.size()))));
  return values[rank - 1];
}

// Every quantile the report prints, for samples of one distribution, within 5 % of the exact
// nearest-rank value, or within the floor where the exact value is below it.
void expect_quantiles_close(scale range, const std::vector<double>& values,
                            const std::string& what) {
  histogram h(range);
  for (double v : values) h.add(v);
  ASSERT_EQ(h.count(), values.size());
  for (double q : {0.5, 0.75, 0.9, 0.99}) {
    const double exact = exact_quantile(values, q);
    const double estimate = h.quantile(q);
    const double allowed = std::max(0.05 * exact, exact < range.floor ? range.floor : 0.0);
    EXPECT_NEAR(estimate, exact, allowed) << what << " q=" << q;
  }
}

TEST(vitals_histogram, quantiles_are_within_five_percent_for_every_shape_of_sample) {
  std::mt19937_64 random(20261123);
  for (int round = 0; round < 20; ++round) {
    const auto n = 50 + round * 997;
    std::lognormal_distribution<double> lcp(std::log(2200.0), 0.6);
    std::exponential_distribution<double> inp(1 / 120.0);
    std::uniform_real_distribution<double> ttfb(5, 3000);
    std::vector<double> a, b, c;
    for (int i = 0; i < n; ++i) {
      a.push_back(lcp(random));
      b.push_back(std::round(inp(random)));  // INP comes in whole milliseconds, often 0-8
      c.push_back(ttfb(random));
    }
    expect_quantiles_close(milliseconds, a, "log-normal LCP, n=" + std::to_string(n));
    expect_quantiles_close(milliseconds, b, "exponential INP, n=" + std::to_string(n));
    expect_quantiles_close(milliseconds, c, "uniform TTFB, n=" + std::to_string(n));
  }
}

TEST(vitals_histogram, layout_shift_with_many_zeros_and_a_long_tail) {
  std::mt19937_64 random(7);
  std::bernoulli_distribution shifted(0.3);
  std::lognormal_distribution<double> size(std::log(0.05), 1.2);
  std::vector<double> values;
  for (int i = 0; i < 20000; ++i) values.push_back(shifted(random) ? size(random) : 0.0);
  expect_quantiles_close(layout_shift, values, "CLS");
  histogram h(layout_shift);
  for (double v : values) h.add(v);
  EXPECT_EQ(h.quantile(0.5), 0.0) << "most pages do not shift: the median is exactly 0";
}

TEST(vitals_histogram, one_value_and_the_ends_of_the_range) {
  histogram h(milliseconds);
  EXPECT_EQ(h.quantile(0.75), 0.0) << "empty";
  h.add(1234.5);
  EXPECT_EQ(h.quantile(0.01), 1234.5) << "kept inside the values seen";
  EXPECT_EQ(h.quantile(1), 1234.5);
  h.add(600000);
  h.add(0);
  EXPECT_EQ(h.quantile(1), 600000);
  EXPECT_EQ(h.quantile(0.1), 0);
  EXPECT_EQ(h.bucket_of(1e12), h.counts().size() - 1) << "beyond the ceiling: the last bucket";
}

TEST(vitals_histogram, edges_are_log_spaced_and_values_fall_between_them) {
  histogram h(milliseconds);
  for (std::size_t i = 2; i < h.counts().size(); ++i) {
    EXPECT_NEAR(h.lower_edge(i) / h.lower_edge(i - 1), histogram::growth, 1e-9);
  }
  for (double v : {1.0, 1.5, 99.9, 2500.0, 4000.0, 599999.0}) {
    const auto bucket = h.bucket_of(v);
    EXPECT_LE(h.lower_edge(bucket), v * (1 + 1e-12)) << v;
    EXPECT_GT(h.lower_edge(bucket + 1), v * (1 - 1e-12)) << v;
  }
}

TEST(vitals_histogram, merging_and_restoring_give_the_same_histogram_as_one_pass) {
  std::mt19937_64 random(3);
  std::lognormal_distribution<double> lcp(std::log(2000.0), 0.8);
  histogram whole(milliseconds), first(milliseconds), second(milliseconds);
  for (int i = 0; i < 5000; ++i) {
    const double v = lcp(random);
    whole.add(v);
    (i % 3 == 0 ? first : second).add(v);
  }
  first.merge(second);
  EXPECT_EQ(first.counts(), whole.counts());
  EXPECT_EQ(first.min(), whole.min());
  EXPECT_EQ(first.max(), whole.max());
  const auto restored =
      histogram::from_counts(milliseconds, whole.counts(), whole.min(), whole.max());
  for (double q : {0.75, 0.9, 0.99}) EXPECT_EQ(restored.quantile(q), whole.quantile(q));
}

}  // namespace
}  // namespace landing::vitals
