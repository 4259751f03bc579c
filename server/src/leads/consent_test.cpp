#include "leads/consent.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "paths.hpp"

namespace landing::leads {
namespace {

const std::string v1(64, 'a');
const std::string v2(64, 'b');
const std::string en(64, 'e');

consent_policy policy() { return {{"ru"}, {{"ru", {v1, v2}}, {"en", {en}}}}; }

TEST(consent, answers_every_consent_case_of_the_contract) {
  std::ifstream file(landing::testing::contract_dir().string() + "/contact-validation.json");
  std::stringstream text;
  text << file.rdbuf();
  const auto contract = boost::json::parse(text.str());
  const auto& cases = contract.at("consent").as_array();
  ASSERT_GE(cases.size(), 10U);
  for (const auto& item : cases) {
    const auto& c = item.as_object();
    std::set<std::string> required;
    for (const auto& locale : c.at("required").as_array()) required.emplace(locale.as_string());
    std::map<std::string, std::set<std::string>> known;
    for (const auto& [locale, versions] : c.at("known").as_object()) {
      for (const auto& version : versions.as_array()) {
        known[std::string(locale)].emplace(version.as_string());
      }
    }
    const auto& sent = c.at("consent");
    const auto answer = consent_policy(required, known)
                            .check(std::string(c.at("locale").as_string()),
                                   sent.is_null() ? std::string() : std::string(sent.as_string()));
    const auto& error = c.at("error");
    EXPECT_EQ(answer, error.is_null() ? std::nullopt
                                      : std::optional<std::string>(std::string(error.as_string())))
        << c.at("title").as_string();
  }
}

TEST(consent, a_locale_that_requires_it_needs_a_version_the_build_showed) {
  EXPECT_EQ(policy().check("ru", ""), "required");
  EXPECT_EQ(policy().check("ru", std::string(64, 'c')), "unknown_version");
  EXPECT_EQ(policy().check("ru", "yes"), "unknown_version");
  EXPECT_EQ(policy().check("ru", en), "unknown_version");  // another locale's document
  EXPECT_EQ(policy().check("ru", v1), std::nullopt);
  EXPECT_EQ(policy().check("ru", v2), std::nullopt);  // a page loaded before the last deploy
}

TEST(consent, a_locale_that_does_not_require_it_takes_none_or_a_known_one) {
  EXPECT_EQ(policy().check("en", ""), std::nullopt);
  EXPECT_EQ(policy().check("en", en), std::nullopt);
  EXPECT_EQ(policy().check("en", v1), "unknown_version");
}

TEST(consent, a_required_locale_without_a_version_in_the_build_is_named) {
  EXPECT_TRUE(policy().unanswerable().empty());
  const consent_policy missing{{"ru", "en"}, {{"en", {en}}}};
  EXPECT_EQ(missing.unanswerable(), std::vector<std::string>{"ru"});
}

TEST(consent, reads_the_versions_the_build_wrote_and_refuses_anything_else) {
  const auto versions = parse_consent_versions(R"({"required":["ru"],"versions":{"ru":[")" + v1 +
                                               R"(",")" + v2 + R"("],"en":[]}})");
  ASSERT_TRUE(versions);
  EXPECT_EQ(versions->at("ru").size(), 2U);
  EXPECT_TRUE(versions->at("en").empty());
  EXPECT_FALSE(parse_consent_versions("{"));
  EXPECT_FALSE(parse_consent_versions(R"({"versions":{"ru":"x"}})"));
  EXPECT_FALSE(parse_consent_versions(R"({"versions":{"ru":["ABC"]}})"));
  EXPECT_FALSE(
      parse_consent_versions(R"({"versions":{"ru":[")" + std::string(64, 'A') + R"("]}})"));
  EXPECT_FALSE(parse_consent_versions(R"({"required":["ru"]})"));
}

}  // namespace
}  // namespace landing::leads
