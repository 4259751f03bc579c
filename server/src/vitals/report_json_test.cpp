#include "vitals/report_json.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <set>
#include <string>

#include "vitals/report_testing.hpp"

namespace landing::vitals {
namespace {

namespace json = boost::json;

std::set<std::string> keys_of(const json::object& object) {
  std::set<std::string> keys;
  for (const auto& [key, _] : object) keys.emplace(key);
  return keys;
}

TEST(vitals_report_json, has_exactly_the_documented_fields) {
  const auto parsed = json::parse(to_json(testing::sample_report())).as_object();
  EXPECT_EQ(keys_of(parsed), (std::set<std::string>{"from", "to", "filters", "score", "metrics",
                                                    "top_lcp_elements", "top_inp_targets"}));
  EXPECT_EQ(parsed.at("from"), "2024-09-28");
  EXPECT_EQ(parsed.at("to"), "2024-10-04");
  EXPECT_EQ(parsed.at("score"), 93);
  const auto& filters = parsed.at("filters").as_object();
  EXPECT_EQ(keys_of(filters), (std::set<std::string>{"route", "locale", "device"}));
  EXPECT_EQ(filters.at("route"), "/:locale");
  EXPECT_EQ(filters.at("locale"), "en");
  EXPECT_TRUE(filters.at("device").is_null()) << "any device";

  const auto& metrics = parsed.at("metrics").as_object();
  EXPECT_EQ(keys_of(metrics), (std::set<std::string>{"LCP", "INP", "CLS", "FCP", "TTFB"}));
  for (const auto& [name, value] : metrics) {
    const auto& m = value.as_object();
    EXPECT_EQ(keys_of(m), (std::set<std::string>{"count", "p75", "p90", "p99", "good",
                                                 "needs_improvement", "poor"}))
        << name;
    EXPECT_TRUE(m.at("count").is_number()) << name;
    for (const auto* share : {"good", "needs_improvement", "poor"}) {
      EXPECT_TRUE(m.at(share).is_number()) << name << " " << share;
    }
  }
}

TEST(vitals_report_json, gives_times_in_milliseconds_cls_unitless_and_shares_as_fractions) {
  const auto parsed = json::parse(to_json(testing::sample_report()));
  const auto& lcp = parsed.at("metrics").at("LCP");
  EXPECT_EQ(lcp.at("count").to_number<std::uint64_t>(), 1234u);
  EXPECT_DOUBLE_EQ(lcp.at("p75").to_number<double>(), 2345.4);
  EXPECT_DOUBLE_EQ(lcp.at("p99").to_number<double>(), 6000);
  EXPECT_DOUBLE_EQ(lcp.at("good").to_number<double>(), 0.8);
  EXPECT_DOUBLE_EQ(lcp.at("needs_improvement").to_number<double>(), 0.15);
  EXPECT_DOUBLE_EQ(lcp.at("poor").to_number<double>(), 0.05);
  EXPECT_DOUBLE_EQ(parsed.at("metrics").at("CLS").at("p75").to_number<double>(), 0.0512);
}

TEST(vitals_report_json, rounds_percentiles_to_the_beacons_precision) {
  auto r = testing::sample_report();
  r.metrics[0].p75 = 2345.4567;
  r.metrics[2].p75 = 0.051234;
  const auto parsed = json::parse(to_json(r));
  EXPECT_DOUBLE_EQ(parsed.at("metrics").at("LCP").at("p75").to_number<double>(), 2345.5);
  EXPECT_DOUBLE_EQ(parsed.at("metrics").at("CLS").at("p75").to_number<double>(), 0.0512);
}

TEST(vitals_report_json, a_metric_without_data_has_null_percentiles_and_zero_shares) {
  const auto parsed = json::parse(to_json(testing::sample_report()));
  const auto& ttfb = parsed.at("metrics").at("TTFB").as_object();
  EXPECT_EQ(ttfb.at("count").to_number<std::uint64_t>(), 0u);
  for (const auto* p : {"p75", "p90", "p99"}) EXPECT_TRUE(ttfb.at(p).is_null()) << p;
  for (const auto* share : {"good", "needs_improvement", "poor"}) {
    EXPECT_EQ(ttfb.at(share).to_number<double>(), 0) << share;
  }
}

TEST(vitals_report_json, score_is_null_without_data) {
  auto r = testing::sample_report();
  r.score.reset();
  EXPECT_TRUE(json::parse(to_json(r)).at("score").is_null());
}

TEST(vitals_report_json, lists_targets_with_selector_count_and_inps_interaction_type) {
  const auto parsed = json::parse(to_json(testing::sample_report()));
  const auto& elements = parsed.at("top_lcp_elements").as_array();
  ASSERT_EQ(elements.size(), 2u);
  EXPECT_EQ(keys_of(elements[0].as_object()), (std::set<std::string>{"selector", "count"}));
  EXPECT_EQ(elements[0].at("selector"), "main > h1.banner");
  EXPECT_EQ(elements[0].at("count").to_number<std::uint64_t>(), 800u);
  const auto& targets = parsed.at("top_inp_targets").as_array();
  ASSERT_EQ(targets.size(), 2u);
  EXPECT_EQ(keys_of(targets[1].as_object()),
            (std::set<std::string>{"selector", "interaction_type", "count"}));
  EXPECT_EQ(targets[1].at("selector"), "input[name=email]");
  EXPECT_EQ(targets[1].at("interaction_type"), "keyboard");
  EXPECT_EQ(targets[1].at("count").to_number<std::uint64_t>(), 12u);
}

TEST(vitals_report_json, stays_valid_utf8_whatever_bytes_a_selector_holds) {
  auto r = testing::sample_report();
  r.top_lcp_elements = {{"h1\xFF\"</script>", "", 1}};
  const auto parsed = json::parse(to_json(r));
  EXPECT_EQ(parsed.at("top_lcp_elements").at(0).at("selector"), "h1\\xff\"</script>");
}

}  // namespace
}  // namespace landing::vitals
