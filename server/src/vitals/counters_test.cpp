#include "vitals/counters.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "paths.hpp"
#include "vitals/funnel_beacon.hpp"
#include "vitals/testing.hpp"

namespace landing::vitals {
namespace {

std::string line_of(const std::string& page, const std::string& start) {
  const auto at = page.find(start);
  if (at == std::string::npos) return {};
  return page.substr(at, page.find('\n', at) - at);
}

TEST(vitals_counters, histograms_are_cumulative_and_labelled_by_route_locale_and_device) {
  counters stats;
  stats.observe(testing::parsed_beacon("ru", "desktop", 2600));
  stats.observe(testing::parsed_beacon("ru", "desktop", 900));
  const auto page = stats.render();
  const std::string lcp =
      R"(landing_vitals_lcp_seconds_bucket{route="/:locale",locale="ru",device="desktop",)";
  EXPECT_EQ(line_of(page, lcp + R"(le="0.8"})"), lcp + R"(le="0.8"} 0)");
  EXPECT_EQ(line_of(page, lcp + R"(le="1"})"), lcp + R"(le="1"} 1)");
  EXPECT_EQ(line_of(page, lcp + R"(le="2.5"})"), lcp + R"(le="2.5"} 1)");
  EXPECT_EQ(line_of(page, lcp + R"(le="3"})"), lcp + R"(le="3"} 2)");
  EXPECT_EQ(line_of(page, lcp + R"(le="+Inf"})"), lcp + R"(le="+Inf"} 2)");
  EXPECT_NE(
      page.find(
          R"(landing_vitals_lcp_seconds_sum{route="/:locale",locale="ru",device="desktop"} 3.5)"),
      std::string::npos);
  EXPECT_NE(
      page.find(
          R"(landing_vitals_cls_bucket{route="/:locale",locale="ru",device="desktop",le="0.05"} 2)"),
      std::string::npos);
  EXPECT_NE(
      page.find(
          R"(landing_vitals_lcp_seconds_count{route="/:locale",locale="en",device="mobile"} 0)"),
      std::string::npos);
  EXPECT_NE(page.find("# TYPE landing_vitals_inp_seconds histogram"), std::string::npos);
  EXPECT_NE(page.find(R"(landing_vitals_beacons_total{outcome="accepted"} 2)"), std::string::npos);
}

TEST(vitals_counters, every_refusal_the_contract_lists_has_its_own_reason) {
  std::ifstream file(landing::testing::contract_dir().string() + "/vitals-beacon.json");
  std::stringstream text;
  text << file.rdbuf();
  const auto contract = boost::json::parse(text.str());
  counters stats;
  std::size_t refused = 0;
  for (const auto& example : contract.at("examples").at("invalid").as_array()) {
    const auto result = parse_beacon(boost::json::serialize(example.at("payload")));
    ASSERT_TRUE(result.refused);
    stats.rejected(result.refused->code);
    EXPECT_EQ(stats.rejected_total(result.refused->code) > 0, true) << result.refused->code;
    ++refused;
  }
  EXPECT_GT(refused, 10U);
  std::ifstream funnel_file(landing::testing::contract_dir().string() + "/funnel-beacon.json");
  std::stringstream funnel_text;
  funnel_text << funnel_file.rdbuf();
  const auto funnel_contract = boost::json::parse(funnel_text.str());
  for (const auto& example : funnel_contract.at("examples").at("invalid").as_array()) {
    const auto result = parse_funnel(boost::json::serialize(example.at("payload")));
    ASSERT_TRUE(result.refused);
    stats.rejected(result.refused->code);
    EXPECT_EQ(stats.rejected_total(result.refused->code) > 0, true) << result.refused->code;
  }
  EXPECT_EQ(stats.rejected_total("other"), 0U);
  stats.rejected("something new");
  EXPECT_EQ(stats.rejected_total("other"), 1U);
  EXPECT_NE(stats.render().find(R"(landing_vitals_beacons_rejected_total{reason="other"} 1)"),
            std::string::npos);
}

TEST(vitals_counters, drops_are_counted_apart_from_refusals) {
  counters stats;
  stats.dropped(5);
  stats.dropped();
  EXPECT_EQ(stats.dropped_total(), 6U);
  EXPECT_NE(stats.render().find(R"(landing_vitals_beacons_total{outcome="dropped"} 6)"),
            std::string::npos);
}

}  // namespace
}  // namespace landing::vitals
