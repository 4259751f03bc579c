#include "leads/validation.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <fstream>
#include <iterator>
#include <string>

namespace landing::leads {
namespace {

boost::json::value read_contract(const std::string& name) {
  std::ifstream in(std::string(LANDING_CONTRACT_DIR) + "/" + name);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return boost::json::parse(text);
}

std::string field(const boost::json::object& input, const char* name) {
  const auto* value = input.if_contains(name);
  return value ? std::string(value->as_string()) : std::string();
}

TEST(validation, agrees_with_every_shared_contract_vector) {
  const auto contract = read_contract("contact-validation.json");
  const auto& cases = contract.at("cases").as_array();
  ASSERT_GE(cases.size(), 40U);
  for (const auto& item : cases) {
    const auto& input = item.at("input").as_object();
    const contact_fields fields{field(input, "name"), field(input, "social"), field(input, "email"),
                                field(input, "message")};
    field_errors expected;
    for (const auto& [key, value] : item.at("errors").as_object()) {
      expected.emplace(std::string(key), std::string(value.as_string()));
    }
    EXPECT_EQ(validate(fields), expected) << item.at("title").as_string();
  }
}

TEST(validation, refuses_invalid_utf8) {
  const contact_fields fields{"An\xC3na", "@anna_dev", "anna@example.com", "Hello there"};
  EXPECT_EQ(validate(fields), (field_errors{{"name", "invalid"}}));
}

TEST(validation, refuses_overlong_utf8) {
  const contact_fields fields{"Anna", "@anna_dev", "anna@example.com", "Hi \xC0\xAF there"};
  EXPECT_EQ(validate(fields), (field_errors{{"message", "invalid"}}));
}

TEST(validation, normalize_trims_and_turns_crlf_into_lf) {
  const auto out = normalize({" Anna ", "\xC2\xA0@anna_dev", " a@b.co ", "one\r\ntwo\r\n"});
  EXPECT_EQ(out.name, "Anna");
  EXPECT_EQ(out.social, "@anna_dev");
  EXPECT_EQ(out.email, "a@b.co");
  EXPECT_EQ(out.message, "one\ntwo");
}

}  // namespace
}  // namespace landing::leads
