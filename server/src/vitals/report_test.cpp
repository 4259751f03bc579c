#include "vitals/report.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "common/clock.hpp"
#include "vitals/report_testing.hpp"
#include "vitals/scales.hpp"
#include "vitals/score.hpp"

namespace landing::vitals {
namespace {

using testing::aggregate_of;

double exact_quantile(std::vector<double> values, double q) {
  std::sort(values.begin(), values.end());
  const auto rank =
      static_cast<std::size_t>(std::max(1.0, std::ceil(q * static_cast<double>(values.size()))));
  return values[rank - 1];
}

// Within 5 % of the exact nearest-rank value, or within the scale's floor where the exact value
// is below it (a CLS of 0 shares bucket 0 with the smallest shifts).
void expect_close(metric m, double estimate, double exact, const std::string& what) {
  const double allowed = std::max(0.05 * exact, exact < scale_of(m).floor ? scale_of(m).floor : 0);
  EXPECT_NEAR(estimate, exact, allowed) << what;
}

// Values of each metric for one day, device and locale, from a distribution of its own shape.
std::vector<double> sample(metric m, std::mt19937_64& random, int n, double slower) {
  std::vector<double> values;
  std::lognormal_distribution<double> time(std::log(1800.0 * slower), 0.6);
  std::exponential_distribution<double> interaction(1 / (110.0 * slower));
  std::bernoulli_distribution shifted(0.35);
  std::lognormal_distribution<double> shift(std::log(0.04 * slower), 1.1);
  for (int i = 0; i < n; ++i) {
    switch (m) {
      case metric::inp:
        values.push_back(std::round(interaction(random)));
        break;
      case metric::cls:
        values.push_back(shifted(random) ? std::round(shift(random) * 1e4) / 1e4 : 0.0);
        break;
      default:
        values.push_back(std::round(time(random) * 10) / 10);
    }
  }
  return values;
}

storage::vitals_key key(std::int64_t day, metric m, std::string device = "mobile",
                        std::string locale = "en") {
  return {day, "/:locale", std::move(locale), std::move(device), std::string(definition(m).name)};
}

const metric_report& of(const report& r, metric m) {
  return r.metrics[static_cast<std::size_t>(m)];
}

TEST(vitals_report, percentiles_of_rows_merged_across_days_devices_and_locales_are_within_5_pct) {
  std::mt19937_64 random(16);
  std::vector<storage::vitals_aggregate> rows;
  std::map<metric, std::vector<double>> all;
  for (auto m : all_metrics) {
    for (std::int64_t day = 100; day < 107; ++day) {
      for (const auto* device : {"mobile", "desktop"}) {
        for (const auto* locale : {"en", "ru"}) {
          // Mobile is slower and days differ in size: the merge must weigh rows by their counts.
          const double slower = std::string(device) == "mobile" ? 1.8 : 1.0;
          const auto values = sample(m, random, 40 + static_cast<int>(day % 5) * 150, slower);
          all[m].insert(all[m].end(), values.begin(), values.end());
          rows.push_back(aggregate_of(key(day, m, device, locale), values));
        }
      }
    }
  }
  const auto r = build_report(rows, {.days = 7, .today = 106});
  for (auto m : all_metrics) {
    const auto& got = of(r, m);
    const std::string name(definition(m).name);
    ASSERT_EQ(got.count, all[m].size()) << name;
    expect_close(m, got.p75, exact_quantile(all[m], 0.75), name + " p75");
    expect_close(m, got.p90, exact_quantile(all[m], 0.90), name + " p90");
    expect_close(m, got.p99, exact_quantile(all[m], 0.99), name + " p99");
  }
}

TEST(vitals_report, daily_p75_has_each_day_with_data_once_in_ascending_order) {
  std::mt19937_64 random(3);
  std::map<std::int64_t, std::vector<double>> by_day;
  std::vector<storage::vitals_aggregate> rows;
  // Day 12 has no data; rows come in no particular order, a mobile and a desktop one per day.
  for (std::int64_t day : {14, 10, 11, 13, 10, 14, 13, 11}) {
    const auto device = by_day[day].empty() ? "mobile" : "desktop";
    const auto values = sample(metric::lcp, random, 300, static_cast<double>(day - 9));
    by_day[day].insert(by_day[day].end(), values.begin(), values.end());
    rows.push_back(aggregate_of(key(day, metric::lcp, device), values));
  }
  const auto r = build_report(rows, {.days = 5, .today = 14});
  const auto& daily = of(r, metric::lcp).daily_p75;
  ASSERT_EQ(daily.size(), 4u);
  std::size_t i = 0;
  for (const auto& [day, values] : by_day) {
    EXPECT_EQ(daily[i].first, day);
    expect_close(metric::lcp, daily[i].second, exact_quantile(values, 0.75),
                 "day " + std::to_string(day));
    ++i;
  }
  EXPECT_TRUE(of(r, metric::inp).daily_p75.empty());
}

TEST(vitals_report, shares_are_the_rows_rated_counts_over_all_rated_values) {
  // LCP: good up to 2500, poor above 4000.
  const auto r =
      build_report({aggregate_of(key(1, metric::lcp), {1000, 2000, 3000, 5000}),
                    aggregate_of(key(2, metric::lcp, "desktop"), {900, 2500, 4000, 4001})},
                   {.today = 2});
  const auto& lcp = of(r, metric::lcp);
  EXPECT_EQ(lcp.count, 8u);
  EXPECT_DOUBLE_EQ(lcp.good, 4.0 / 8);
  EXPECT_DOUBLE_EQ(lcp.needs_improvement, 2.0 / 8);
  EXPECT_DOUBLE_EQ(lcp.poor, 2.0 / 8);
}

TEST(vitals_report, lists_all_five_metrics_in_order_with_zero_counts_when_there_is_no_data) {
  const auto r = build_report({}, {.today = 10});
  ASSERT_EQ(r.metrics.size(), all_metrics.size());
  for (std::size_t i = 0; i < all_metrics.size(); ++i) {
    EXPECT_EQ(r.metrics[i].name, all_metrics[i]);
    EXPECT_EQ(r.metrics[i].count, 0u);
    EXPECT_EQ(r.metrics[i].p75, 0);
    EXPECT_EQ(r.metrics[i].good + r.metrics[i].needs_improvement + r.metrics[i].poor, 0);
    EXPECT_TRUE(r.metrics[i].daily_p75.empty());
  }
  EXPECT_FALSE(r.score);
  EXPECT_TRUE(r.top_lcp_elements.empty());
  EXPECT_TRUE(r.top_inp_targets.empty());
}

TEST(vitals_report, score_is_lighthouses_on_the_p75s_of_lcp_inp_cls_and_fcp) {
  const std::vector rows{aggregate_of(key(1, metric::lcp), {1200, 1800, 2400, 3500}),
                         aggregate_of(key(1, metric::inp), {40, 80, 120, 300}),
                         aggregate_of(key(1, metric::cls), {0, 0, 0.02, 0.3}),
                         aggregate_of(key(1, metric::fcp), {800, 900, 1500, 2000}),
                         aggregate_of(key(1, metric::ttfb), {100, 200, 5000, 9000})};
  const auto r = build_report(rows, {.today = 1});
  const auto expected = real_experience_score({.lcp_ms = of(r, metric::lcp).p75,
                                               .inp_ms = of(r, metric::inp).p75,
                                               .cls = of(r, metric::cls).p75,
                                               .fcp_ms = of(r, metric::fcp).p75});
  ASSERT_TRUE(r.score);
  EXPECT_EQ(r.score, expected);

  const auto lcp_only = build_report({rows[0]}, {.today = 1});
  EXPECT_EQ(lcp_only.score, real_experience_score({.lcp_ms = of(lcp_only, metric::lcp).p75,
                                                   .inp_ms = std::nullopt,
                                                   .cls = std::nullopt,
                                                   .fcp_ms = std::nullopt}));
}

TEST(vitals_report, has_no_score_when_only_ttfb_was_measured) {
  const auto r = build_report({aggregate_of(key(1, metric::ttfb), {100, 200})}, {.today = 1});
  EXPECT_EQ(of(r, metric::ttfb).count, 2u);
  EXPECT_FALSE(r.score);
}

TEST(vitals_report, top_lists_add_up_rows_drop_the_empty_target_and_order_by_count_then_name) {
  const std::vector rows{
      aggregate_of(key(1, metric::lcp), {1000},
                   {{"img.b", "", 5}, {"h1", "", 3}, {"", "", 50}, {"img.a", "", 5}}),
      aggregate_of(key(2, metric::lcp, "desktop"), {1000}, {{"h1", "", 4}, {"", "", 7}}),
      aggregate_of(key(1, metric::inp), {100},
                   {{"button", "pointer", 6}, {"button", "keyboard", 6}, {"", "pointer", 99}}),
      aggregate_of(key(2, metric::inp), {100}, {{"button", "pointer", 1}}),
      // CLS targets are kept by the store but are not in the report's lists.
      aggregate_of(key(1, metric::cls), {0.1}, {{"div.ad", "", 1000}}),
  };
  const auto r = build_report(rows, {.today = 2});
  ASSERT_EQ(r.top_lcp_elements.size(), 3u);
  EXPECT_EQ(r.top_lcp_elements[0].target, "h1");
  EXPECT_EQ(r.top_lcp_elements[0].count, 7u);
  EXPECT_EQ(r.top_lcp_elements[1].target, "img.a") << "ties in count go by name";
  EXPECT_EQ(r.top_lcp_elements[2].target, "img.b");
  ASSERT_EQ(r.top_inp_targets.size(), 2u);
  EXPECT_EQ(r.top_inp_targets[0].interaction_type, "pointer");
  EXPECT_EQ(r.top_inp_targets[0].count, 7u);
  EXPECT_EQ(r.top_inp_targets[1].interaction_type, "keyboard") << "one entry per interaction type";
  EXPECT_EQ(r.top_inp_targets[1].count, 6u);
}

TEST(vitals_report, top_lists_keep_the_ten_most_frequent) {
  std::vector<storage::vitals_target> targets;
  targets.reserve(15);
  for (int i = 0; i < 15; ++i) {
    targets.push_back({"#t" + std::to_string(i), "", static_cast<std::uint64_t>(100 + i)});
  }
  const auto r = build_report({aggregate_of(key(1, metric::lcp), {1000}, targets)}, {.today = 1});
  ASSERT_EQ(r.top_lcp_elements.size(), top_targets_shown);
  EXPECT_EQ(r.top_lcp_elements.front().target, "#t14");
  EXPECT_EQ(r.top_lcp_elements.back().target, "#t5");
}

TEST(vitals_report, rows_of_an_unknown_metric_are_skipped) {
  auto unknown = aggregate_of(key(1, metric::lcp), {1000, 2000}, {{"h1", "", 2}});
  unknown.key.metric = "FID";
  const auto known = aggregate_of(key(1, metric::lcp), {3000});
  const auto r = build_report({unknown, known}, {.today = 1});
  EXPECT_EQ(of(r, metric::lcp).count, 1u);
  EXPECT_EQ(of(r, metric::lcp).p75, 3000);
  EXPECT_TRUE(r.top_lcp_elements.empty());
}

TEST(vitals_report, bucket_indices_past_the_scale_are_left_out) {
  auto row = aggregate_of(key(1, metric::inp), {100, 120});
  row.buckets.push_back({4'000'000'000u, 5});
  const auto r = build_report({row}, {.today = 1});
  EXPECT_EQ(of(r, metric::inp).count, 2u);
  EXPECT_LE(of(r, metric::inp).p99, 120);
}

TEST(vitals_report, keeps_its_options_and_reads_the_period_back_from_today) {
  const report_options options{.days = 28, .today = 19782, .route = "/:locale", .device = "mobile"};
  const auto r = build_report({}, options);
  EXPECT_EQ(r.options.route, "/:locale");
  EXPECT_EQ(r.options.device, "mobile");
  EXPECT_EQ(first_day(options), 19782 - 27);
  EXPECT_EQ(first_day({.days = 0, .today = 5}), 5) << "a period is at least one day";
}

TEST(vitals_report, formats_utc_days_as_iso_dates) {
  EXPECT_EQ(format_day(0), "1970-01-01");
  EXPECT_EQ(format_day(19723), "2024-01-01");
  EXPECT_EQ(format_day(19782), "2024-02-29");
  EXPECT_EQ(format_day(-1), "1969-12-31");
}

TEST(vitals_report, today_is_the_utc_day_of_the_system_clock) {
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(
                           std::chrono::system_clock::now().time_since_epoch())
                           .count();
  const auto today = today_utc();
  // Midnight may pass between the two readings.
  EXPECT_TRUE(today == seconds / 86400 || today == seconds / 86400 + 1) << today;
}

TEST(vitals_report, today_follows_a_set_clock_across_midnight) {
  const clock::fake at(19723LL * 86'400'000 - 1);  // 2023-12-31, 23:59:59.999 UTC
  EXPECT_EQ(today_utc(), 19722);
  clock::advance(std::chrono::milliseconds(1));
  EXPECT_EQ(today_utc(), 19723);
  EXPECT_EQ(format_day(today_utc()), "2024-01-01");
}

}  // namespace
}  // namespace landing::vitals
