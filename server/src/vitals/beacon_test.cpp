#include "vitals/beacon.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "paths.hpp"

namespace landing::vitals {
namespace {

namespace json = boost::json;

json::value contract() {
  std::ifstream file(landing::testing::contract_dir().string() + "/vitals-beacon.json");
  std::stringstream text;
  text << file.rdbuf();
  return json::parse(text.str());
}

TEST(vitals_beacon, accepts_every_valid_example_of_the_contract_and_refuses_every_invalid_one) {
  const auto shared = contract();
  const auto& examples = shared.at("examples");
  for (const auto& example : examples.at("valid").as_array()) {
    const auto result = parse_beacon(json::serialize(example.at("payload")));
    EXPECT_TRUE(result.ok) << example.at("title") << ": "
                           << (result.refused ? result.refused->code : "");
  }
  for (const auto& example : examples.at("invalid").as_array()) {
    const auto result = parse_beacon(json::serialize(example.at("payload")));
    EXPECT_FALSE(result.ok) << example.at("title");
    EXPECT_TRUE(result.refused && !result.refused->code.empty()) << example.at("title");
  }
}

TEST(vitals_beacon, an_arrival_carries_its_source_class_and_a_bad_source_counts_as_other) {
  const std::string head =
      R"({"v":1,"route":"/:locale","locale":"en","device":"mobile","metrics":[{"name":"TTFB",)"
      R"("value":212.3,"rating":"good","navigationType":"navigate"}])";
  const auto visit = [&](const std::string& source) {
    const auto result = parse_beacon(head + (source.empty() ? "" : ",\"source\":" + source) + "}");
    EXPECT_TRUE(result.ok) << source;
    return result.ok ? result.ok->visit_class : std::string("refused");
  };
  EXPECT_EQ(visit(""), "");
  EXPECT_EQ(visit("{}"), "direct");
  EXPECT_EQ(visit(R"({"utm_source":"Telegram","referrer":"t.me"})"), "telegram");
  EXPECT_EQ(visit(R"({"referrer":"vc.ru"})"), "vc.ru");
  EXPECT_EQ(visit(R"({"referrer":"VC.ru/path"})"), "other");
  EXPECT_EQ(visit(R"({"utm_source":"a\u202eb"})"), "other");
  EXPECT_EQ(visit(R"({"utm_source":")" + std::string(101, 'x') + R"("})"), "other");
  EXPECT_EQ(visit(R"({"utm_medium":"cpc"})"), "other");  // only the class's two tags
  EXPECT_EQ(visit(R"("google")"), "other");
}

TEST(vitals_beacon, its_definitions_are_the_contracts) {
  const auto shared = contract();
  EXPECT_EQ(shared.at("maxBodyBytes").as_int64(), static_cast<std::int64_t>(max_body_bytes));
  EXPECT_EQ(shared.at("maxSelectorLength").as_int64(),
            static_cast<std::int64_t>(max_selector_code_points));
  const auto& metrics = shared.at("metrics").as_object();
  EXPECT_EQ(metrics.size(), all_metrics.size());
  for (auto m : all_metrics) {
    const auto& d = definition(m);
    const auto& c = metrics.at(d.name).as_object();
    EXPECT_EQ(c.at("max").to_number<double>(), d.max) << d.name;
    EXPECT_EQ(c.at("decimals").as_int64(), d.decimals) << d.name;
    EXPECT_EQ(c.at("thresholds").as_array().at(0).to_number<double>(), d.good) << d.name;
    EXPECT_EQ(c.at("thresholds").as_array().at(1).to_number<double>(), d.poor) << d.name;
    const auto& attribution = c.at("attribution").as_array();
    EXPECT_EQ(attribution.size(), std::size_t{d.has_target} + std::size_t{d.has_interaction_type})
        << d.name;
  }
}

std::string with_metric(const std::string& metric) {
  return R"({"v":1,"route":"/:locale","locale":"en","device":"mobile","metrics":[)" + metric + "]}";
}

TEST(vitals_beacon, each_violation_has_its_code) {
  const auto code = [](const std::string& body) {
    const auto result = parse_beacon(body);
    return result.refused ? result.refused->code : std::string("accepted");
  };
  EXPECT_EQ(code("not json"), "malformed");
  EXPECT_EQ(code("[1]"), "malformed");
  EXPECT_EQ(code(std::string(max_body_bytes + 1, ' ')), "too_large");
  EXPECT_EQ(code(R"({"v":2,"route":"/:locale","locale":"en","device":"mobile","metrics":[]})"),
            "version");
  EXPECT_EQ(code(with_metric("")), "metrics");
  EXPECT_EQ(
      code(with_metric(R"({"name":"FID","value":1,"rating":"good","navigationType":"navigate"})")),
      "metric_name");
  EXPECT_EQ(code(with_metric(
                R"({"name":"LCP","value":1e400,"rating":"poor","navigationType":"navigate"})")),
            "value_range")
      << "Boost.JSON reads 1e400 as infinity";
  EXPECT_EQ(
      code(with_metric(R"({"name":"LCP","value":-1,"rating":"good","navigationType":"navigate"})")),
      "value_range");
  EXPECT_EQ(code(with_metric(
                R"({"name":"LCP","value":"1","rating":"good","navigationType":"navigate"})")),
            "value_range");
  EXPECT_EQ(
      code(with_metric(
          R"({"name":"CLS","value":0.12345,"rating":"needs-improvement","navigationType":"navigate"})")),
      "value_precision");
  EXPECT_EQ(
      code(with_metric(
          R"({"name":"CLS","value":0.1,"rating":"needs-improvement","navigationType":"navigate"})")),
      "rating")
      << "0.1 is still good: web-vitals rates at or below the threshold as good";
  EXPECT_EQ(
      code(with_metric(
          R"({"name":"FCP","value":1,"rating":"good","navigationType":"navigate","target":"h1"})")),
      "attribution_field");
  EXPECT_EQ(
      code(with_metric(
          R"({"name":"LCP","value":1,"rating":"good","navigationType":"navigate","target":"h1\u0085"})")),
      "selector");
  EXPECT_EQ(
      code(with_metric(
          R"({"name":"LCP","value":1,"rating":"good","navigationType":"navigate","target":""})")),
      "selector");
  EXPECT_EQ(
      code(with_metric(
          R"({"name":"LCP","value":1,"rating":"good","navigationType":"navigate","target":")" +
          std::string(200, 'a') + "\"}")),
      "accepted");
  EXPECT_EQ(
      code(with_metric(
          R"({"name":"LCP","value":1,"rating":"good","navigationType":"navigate","target":")" +
          std::string(201, 'a') + "\"}")),
      "selector");
  EXPECT_EQ(
      code(with_metric(
          R"({"name":"INP","value":8,"rating":"good","navigationType":"navigate","interactionType":"hover"})")),
      "interaction_type");
}

TEST(vitals_beacon, selectors_count_code_points_not_bytes) {
  std::string cyrillic;
  for (int i = 0; i < 200; ++i) cyrillic += "ж";  // 400 bytes, 200 code points
  const auto body = with_metric(
      R"({"name":"LCP","value":1,"rating":"good","navigationType":"navigate","target":")" +
      cyrillic + "\"}");
  const auto result = parse_beacon(body);
  ASSERT_TRUE(result.ok) << (result.refused ? result.refused->code : "");
  EXPECT_EQ(result.ok->metrics.at(0).target, cyrillic);
  EXPECT_EQ(result.ok->metrics.at(0).rated, rating::good);
}

}  // namespace
}  // namespace landing::vitals
