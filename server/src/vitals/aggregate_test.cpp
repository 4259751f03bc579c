#include "vitals/aggregate.hpp"

#include <gtest/gtest.h>

#include "attribution/source.hpp"
#include "vitals/scales.hpp"
#include "vitals/testing.hpp"

namespace landing::vitals {
namespace {

using testing::parsed_beacon;

TEST(vitals_aggregator, folds_beacons_into_one_row_per_day_route_locale_device_and_metric) {
  aggregator rows;
  rows.add(parsed_beacon("en", "mobile", 1800), 20000);
  rows.add(parsed_beacon("en", "mobile", 4500), 20000);
  rows.add(parsed_beacon("en", "mobile", 3000), 20000);
  rows.add(parsed_beacon("ru", "desktop", 900), 20000);
  rows.add(parsed_beacon("en", "mobile", 900), 20001);
  const auto out = rows.take();
  EXPECT_TRUE(rows.empty());
  // Four metrics per beacon, three distinct (day, locale, device).
  ASSERT_EQ(out.size(), 12U);
  const auto lcp = std::find_if(out.begin(), out.end(), [](const auto& row) {
    return row.key.day == 20000 && row.key.locale == "en" && row.key.metric == "LCP";
  });
  ASSERT_NE(lcp, out.end());
  EXPECT_EQ(lcp->key.device, "mobile");
  EXPECT_EQ(lcp->key.route, "/:locale");
  EXPECT_EQ(lcp->count, 3U);
  EXPECT_EQ(lcp->good, 1U);
  EXPECT_EQ(lcp->needs_improvement, 1U);
  EXPECT_EQ(lcp->poor, 1U);
  EXPECT_EQ(lcp->min, 1800);
  EXPECT_EQ(lcp->max, 4500);
  std::uint64_t in_buckets = 0;
  for (const auto& each : lcp->buckets) in_buckets += each.count;
  EXPECT_EQ(in_buckets, 3U);
  ASSERT_EQ(lcp->targets.size(), 1U);
  EXPECT_EQ(lcp->targets[0].target, "main>h1");
  EXPECT_EQ(lcp->targets[0].count, 3U);
  const auto inp =
      std::find_if(out.begin(), out.end(), [](const auto& row) { return row.key.metric == "INP"; });
  ASSERT_NE(inp, out.end());
  EXPECT_EQ(inp->targets[0].interaction_type, "pointer");
  const auto ttfb = std::find_if(out.begin(), out.end(),
                                 [](const auto& row) { return row.key.metric == "TTFB"; });
  ASSERT_NE(ttfb, out.end());
  EXPECT_TRUE(ttfb->targets.empty());
}

TEST(vitals_aggregator, keeps_a_bounded_number_of_targets_per_batch_and_counts_the_rest) {
  aggregator rows;
  const std::size_t sent = aggregator::targets_per_batch + 36;
  for (std::size_t i = 0; i < sent; ++i) {
    auto item = parsed_beacon();
    item.metrics.resize(1);  // LCP alone
    item.metrics[0].target = "#t" + std::to_string(i);
    rows.add(item, 20000);
  }
  const auto out = rows.take();
  ASSERT_EQ(out.size(), 1U);
  EXPECT_EQ(out[0].targets.size(), aggregator::targets_per_batch + 1);
  std::uint64_t counted = 0;
  std::uint64_t others = 0;
  for (const auto& each : out[0].targets) {
    counted += each.count;
    if (each.target.empty()) others = each.count;
  }
  EXPECT_EQ(counted, sent);
  EXPECT_EQ(others, 36U);
  EXPECT_TRUE(out[0].targets.front().target.empty());  // the most frequent comes first
}

TEST(vitals_aggregator, counts_arrivals_by_day_locale_and_class_and_bounds_the_classes) {
  aggregator rows;
  auto arrival = parsed_beacon("en", "mobile", 1800);
  arrival.visit_class = "google";
  rows.add(arrival, 20000);
  rows.add(arrival, 20000);
  rows.add(arrival, 20001);
  rows.add(parsed_beacon("en", "mobile", 1800), 20000);  // a later page view: no visit
  EXPECT_EQ(rows.take_visits(), (std::vector<storage::visit_count>{{20000, "en", "google", 2},
                                                                   {20001, "en", "google", 1}}));
  EXPECT_TRUE(rows.take_visits().empty());
  for (std::size_t i = 0; i < attribution::max_classes_per_day + 5; ++i) {
    arrival.visit_class = "tag" + std::to_string(i);
    rows.add(arrival, 20000);
  }
  const auto visits = rows.take_visits();
  EXPECT_EQ(visits.size(), attribution::max_classes_per_day + 1);
  const auto other =
      std::find_if(visits.begin(), visits.end(), [](const auto& v) { return v.source == "other"; });
  ASSERT_NE(other, visits.end());
  EXPECT_EQ(other->count, 5U);
}

TEST(vitals_aggregator, counts_funnel_steps_by_day_locale_class_device_and_step) {
  aggregator rows;
  rows.add(funnel_beacon{"en", "mobile", "google", {"arrived", "cases"}}, 20000);
  rows.add(funnel_beacon{"en", "mobile", "google", {"form"}}, 20000);
  rows.add(funnel_beacon{"en", "mobile", "google", {"arrived"}}, 20000);
  rows.add(funnel_beacon{"en", "desktop", "google", {"arrived"}}, 20001);
  EXPECT_FALSE(rows.empty());
  EXPECT_EQ(rows.take_funnel(),
            (std::vector<storage::funnel_count>{{20000, "en", "google", "mobile", "arrived", 2},
                                                {20000, "en", "google", "mobile", "cases", 1},
                                                {20000, "en", "google", "mobile", "form", 1},
                                                {20001, "en", "google", "desktop", "arrived", 1}}));
  EXPECT_TRUE(rows.take_funnel().empty());
  EXPECT_TRUE(rows.empty());
  // Past the classes a batch may hold, every new class is other; a known class keeps its own.
  for (std::size_t i = 0; i < attribution::max_classes_per_day + 5; ++i) {
    rows.add(funnel_beacon{"ru", "mobile", "tag" + std::to_string(i), {"arrived"}}, 20000);
  }
  rows.add(funnel_beacon{"ru", "mobile", "tag0", {"cases"}}, 20000);
  const auto steps = rows.take_funnel();
  EXPECT_EQ(steps.size(), attribution::max_classes_per_day + 2);
  const auto other =
      std::find_if(steps.begin(), steps.end(), [](const auto& v) { return v.source == "other"; });
  ASSERT_NE(other, steps.end());
  EXPECT_EQ(other->count, 5U);
}

TEST(vitals_aggregator, a_stored_row_gives_back_the_same_histogram) {
  aggregator rows;
  histogram direct(scale_of(metric::lcp));
  for (int i = 1; i <= 500; ++i) {
    const double lcp = 400 + i * 13.5;
    rows.add(parsed_beacon("en", "mobile", lcp), 20000);
    direct.add(std::stod(testing::one_decimal(lcp)));
  }
  const auto out = rows.take();
  const auto lcp =
      std::find_if(out.begin(), out.end(), [](const auto& row) { return row.key.metric == "LCP"; });
  ASSERT_NE(lcp, out.end());
  const auto restored = histogram_of(metric::lcp, *lcp);
  EXPECT_EQ(restored.count(), direct.count());
  for (const double q : {0.5, 0.75, 0.9, 0.99, 1.0}) {
    EXPECT_DOUBLE_EQ(restored.quantile(q), direct.quantile(q)) << q;
  }
}

}  // namespace
}  // namespace landing::vitals
