#include "attribution/source.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cctype>
#include <fstream>
#include <sstream>

#include "paths.hpp"

namespace landing::attribution {
namespace {

namespace json = boost::json;

json::value contract() {
  std::ifstream file(landing::testing::contract_dir().string() + "/lead-source.json");
  std::stringstream text;
  text << file.rdbuf();
  return json::parse(text.str());
}

TEST(attribution_source, its_limits_are_the_contracts) {
  const auto shared = contract().as_object();
  EXPECT_EQ(shared.at("maxValueLength").as_int64(), static_cast<std::int64_t>(max_value_length));
  EXPECT_EQ(shared.at("maxClassLength").as_int64(), static_cast<std::int64_t>(max_class_length));
  EXPECT_EQ(shared.at("maxClassesPerDay").as_int64(),
            static_cast<std::int64_t>(max_classes_per_day));
}

TEST(attribution_source, checks_and_classes_every_validation_case_of_the_contract) {
  const auto shared = contract();
  for (const auto& item : shared.at("validation").as_array()) {
    const auto& c = item.as_object();
    const std::string title(c.at("title").as_string());
    const auto parsed = parse(c.at("input"));
    if (c.at("valid").as_bool()) {
      ASSERT_TRUE(std::holds_alternative<source>(parsed)) << title;
      const auto& kept = std::get<source>(parsed);
      EXPECT_EQ(class_of(kept), std::string(c.at("class").as_string())) << title;
      // What is stored reads back as the same source.
      EXPECT_EQ(from_json(to_json(kept)), kept) << title;
    } else {
      ASSERT_TRUE(std::holds_alternative<drop_reason>(parsed)) << title;
      EXPECT_EQ(label(std::get<drop_reason>(parsed)), c.at("reason").as_string()) << title;
    }
  }
}

TEST(attribution_source, every_captured_source_of_the_contract_passes_the_servers_check) {
  const auto shared = contract();
  for (const auto& item : shared.at("capture").as_array()) {
    const auto& c = item.as_object();
    const auto parsed = parse(c.at("source"));
    EXPECT_TRUE(std::holds_alternative<source>(parsed)) << c.at("title").as_string();
  }
}

TEST(attribution_source, renders_every_telegram_line_of_the_contract) {
  const auto shared = contract();
  for (const auto& item : shared.at("telegram").as_array()) {
    const auto& c = item.as_object();
    const auto parsed = parse(c.at("source"));
    ASSERT_TRUE(std::holds_alternative<source>(parsed)) << c.at("title").as_string();
    EXPECT_EQ(telegram_line(std::get<source>(parsed)), c.at("line").as_string())
        << c.at("title").as_string();
  }
}

TEST(attribution_source, a_query_string_gives_the_same_source_the_page_would_capture) {
  // The capture cases without the referrer, landing, locale and time, which a query lacks.
  const auto shared = contract();
  for (const auto& item : shared.at("capture").as_array()) {
    const auto& c = item.as_object();
    const std::string url(c.at("url").as_string());
    const auto q = url.find('?');
    auto expected = std::get<source>(parse(c.at("source")));
    expected.referrer.clear();
    expected.landing.clear();
    expected.locale.clear();
    expected.at.reset();
    const auto from_url = from_query(q == std::string::npos ? "" : url.substr(q + 1));
    if (expected == source{}) {
      EXPECT_FALSE(from_url) << c.at("title").as_string();
    } else {
      EXPECT_EQ(from_url, expected) << c.at("title").as_string();
    }
  }
}

TEST(attribution_source, a_query_is_read_as_the_page_reads_it) {
  EXPECT_FALSE(from_query(""));
  EXPECT_FALSE(from_query("q=1&page=2"));
  EXPECT_FALSE(from_query("utm_source=%E2%80%AE"));
  EXPECT_FALSE(from_query("utm_source=%FF"));  // not UTF-8
  EXPECT_EQ(from_query("utm_source=a%20b&x=%zz")->utm_source, "a b");
  // URLSearchParams keeps a broken escape as text, and gives the first of repeated keys.
  EXPECT_EQ(from_query("utm_source=50%zz")->utm_source, "50%zz");
  EXPECT_EQ(from_query("utm_source=first&utm_source=second")->utm_source, "first");
  EXPECT_FALSE(from_query("utm_source=%0A&utm_source=second"));
  // Trimmed like the page's String.prototype.trim; a cut that leaves nothing visible is absent.
  EXPECT_EQ(from_query("utm_source=+google%C2%A0")->utm_source, "google");
  std::string invisible;
  for (int i = 0; i < 100; ++i) invisible += "%E2%80%8B";
  EXPECT_FALSE(from_query("utm_source=" + invisible + "visible"));
  EXPECT_TRUE(from_query("gclid")->gclid);
  EXPECT_TRUE(from_query("fbclid=")->fbclid);
}

TEST(attribution_source, damaged_stored_text_reads_as_no_source) {
  EXPECT_FALSE(from_json(""));
  EXPECT_FALSE(from_json("{"));
  EXPECT_FALSE(from_json(R"({"utm_id":"x"})"));
}

TEST(attribution_source, hosts_follow_the_label_rules) {
  const auto host = [](const std::string& text) {
    return std::holds_alternative<source>(parse(json::object{{"referrer", text}}));
  };
  EXPECT_TRUE(host("localhost"));
  EXPECT_TRUE(host("127.0.0.1"));
  EXPECT_TRUE(host(std::string(63, 'a') + ".ru"));
  EXPECT_FALSE(host(std::string(64, 'a') + ".ru"));
  EXPECT_FALSE(host("vc..ru"));
  EXPECT_FALSE(host("vc.ru."));
  EXPECT_FALSE(host("vc-.ru"));
  EXPECT_FALSE(host("вц.рф"));
  EXPECT_FALSE(host(""));
  std::string long_host;
  for (int i = 0; i < 64; ++i) long_host += "abc.";
  EXPECT_FALSE(host(long_host + "ru"));
}

TEST(attribution_source, the_class_lowercases_beyond_ascii) {
  source item;
  item.utm_source = "ÉCOLE ΑΘΗΝΑ Ёлка";
  EXPECT_EQ(class_of(item), "école αθηνα ёлка");
}

// The names the report keeps for its own rows cannot be taken by a visitor's tag or host, in any
// case: each such class is `other`.
TEST(attribution_source, a_tag_cannot_take_a_name_the_report_keeps_for_itself) {
  for (const auto* name : {"total", "direct", "other", "unknown", "TOTAL", "Direct", "UNKNOWN"}) {
    source tagged;
    tagged.utm_source = name;
    EXPECT_EQ(class_of(tagged), other_class) << name;
    source referred;  // a host is lowercase by the contract's rules
    referred.referrer = name;
    for (auto& c : referred.referrer) c = static_cast<char>(std::tolower(c));
    EXPECT_EQ(class_of(referred), other_class) << name;
    EXPECT_EQ(arrival_class(boost::json::object{{"utm_source", name}}), other_class) << name;
  }
  source near;
  near.utm_source = "totally";
  EXPECT_EQ(class_of(near), "totally");
  EXPECT_EQ(class_of(source{}), direct_class) << "no tag at all is still direct";
  EXPECT_EQ(class_of(*from_query("utm_source=direct")), other_class);
}

}  // namespace
}  // namespace landing::attribution
