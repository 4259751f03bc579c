#include "vitals/funnel_beacon.hpp"

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
  std::ifstream file(landing::testing::contract_dir().string() + "/funnel-beacon.json");
  std::stringstream text;
  text << file.rdbuf();
  return json::parse(text.str());
}

std::vector<std::string> strings(const json::value& list) {
  std::vector<std::string> out;
  for (const auto& each : list.as_array()) out.emplace_back(each.as_string());
  return out;
}

TEST(funnel_beacon, reads_every_valid_example_of_the_contract_as_its_class_and_steps) {
  // Kept: a temporary's members would dangle in the loop (range-for extends only the last).
  const auto shared = contract();
  for (const auto& example : shared.at("examples").at("valid").as_array()) {
    const auto result = parse_funnel(json::serialize(example.at("payload")));
    ASSERT_TRUE(result.ok) << example.at("title") << ": "
                           << (result.refused ? result.refused->code : "");
    EXPECT_EQ(result.ok->source_class, example.at("class").as_string()) << example.at("title");
    EXPECT_EQ(result.ok->steps, strings(example.at("steps"))) << example.at("title");
  }
}

TEST(funnel_beacon, refuses_every_invalid_example_of_the_contract_with_its_code) {
  const auto shared = contract();
  for (const auto& example : shared.at("examples").at("invalid").as_array()) {
    const auto result = parse_funnel(json::serialize(example.at("payload")));
    EXPECT_FALSE(result.ok) << example.at("title");
    ASSERT_TRUE(result.refused) << example.at("title");
    EXPECT_EQ(result.refused->code, example.at("code").as_string()) << example.at("title");
  }
}

TEST(funnel_beacon, the_steps_and_lists_are_the_contracts) {
  const auto shared = contract();
  EXPECT_EQ(strings(shared.at("pageSteps")),
            std::vector<std::string>(page_steps.begin(), page_steps.end()));
  EXPECT_EQ(strings(shared.at("locales")),
            std::vector<std::string>(locales.begin(), locales.end()));
  EXPECT_EQ(strings(shared.at("devices")),
            std::vector<std::string>(devices.begin(), devices.end()));
  EXPECT_EQ(shared.at("maxBodyBytes").as_int64(), static_cast<std::int64_t>(max_funnel_body_bytes));
}

TEST(funnel_beacon, refuses_what_no_example_shows) {
  const auto code = [](std::string_view body) {
    const auto result = parse_funnel(body);
    return result.refused ? result.refused->code : std::string("ok");
  };
  EXPECT_EQ(code(R"({"v":1,"locale":"en","device":"mobile","steps":["arrived"]})"), "ok");
  EXPECT_EQ(code(""), "malformed");
  EXPECT_EQ(code(R"({"v":1,"locale":"en","device":"mobile","steps":[1]})"), "step");
  EXPECT_EQ(code(R"({"v":1,"locale":"en","device":"mobile","steps":"arrived"})"), "steps");
  EXPECT_EQ(code(R"({"v":1,"locale":"en","device":"mobile"})"), "steps");
  EXPECT_EQ(code(R"({"v":1,"locale":"en","device":"mobile","steps":["arrived","cases","docs",)"
                 R"("form","arrived"]})"),
            "steps");
  EXPECT_EQ(code(R"({"v":"1","locale":"en","device":"mobile","steps":["arrived"]})"), "version");
  EXPECT_EQ(code(R"({"v":1,"device":"mobile","steps":["arrived"]})"), "locale");
  EXPECT_EQ(code(R"({"v":1,"locale":"en","steps":["arrived"]})"), "device");
  EXPECT_EQ(code(std::string(max_funnel_body_bytes + 1, ' ')), "too_large");
  // A source with more than the two tags, or not an object, is a class of its own: other.
  const auto extra = parse_funnel(
      R"({"v":1,"locale":"en","device":"mobile","steps":["arrived"],"source":{"ref":"x"}})");
  ASSERT_TRUE(extra.ok);
  EXPECT_EQ(extra.ok->source_class, "other");
  const auto text = parse_funnel(
      R"({"v":1,"locale":"en","device":"mobile","steps":["arrived"],"source":"google"})");
  ASSERT_TRUE(text.ok);
  EXPECT_EQ(text.ok->source_class, "other");
}

}  // namespace
}  // namespace landing::vitals
