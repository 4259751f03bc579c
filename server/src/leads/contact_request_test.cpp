#include "leads/contact_request.hpp"

#include <gtest/gtest.h>

namespace landing::leads {
namespace {

TEST(contact_request, recognizes_the_two_media_types) {
  EXPECT_EQ(kind_of("application/json; charset=utf-8"), body_kind::json);
  EXPECT_EQ(kind_of("Application/X-WWW-Form-Urlencoded"), body_kind::form);
  EXPECT_EQ(kind_of("multipart/form-data; boundary=x"), body_kind::unsupported);
  EXPECT_EQ(kind_of(""), body_kind::unsupported);
}

TEST(contact_request, json_fields_and_unknown_or_non_string_ones) {
  const auto parsed = parse_json(
      R"({"name":"Anna","social":"@anna","email":"a@b.co","message":"Hi there","locale":"en",)"
      R"("website":"","phone":"1","message2":3})");
  EXPECT_EQ(parsed.fields.name, "Anna");
  EXPECT_EQ(parsed.errors,
            (field_errors{{"message2", "unknown_field"}, {"phone", "unknown_field"}}));
  EXPECT_EQ(parse_json(R"({"name":5})").errors.at("name"), "invalid");
  EXPECT_TRUE(parse_json("not json").malformed);
  EXPECT_TRUE(parse_json("[]").malformed);
}

TEST(contact_request, missing_locale_is_invalid) {
  const auto parsed =
      parse_json(R"({"name":"Anna","social":"@anna","email":"a@b.co","message":"Hi there"})");
  EXPECT_EQ(parsed.errors, (field_errors{{"locale", "invalid"}}));
}

TEST(contact_request, form_decoding_handles_plus_and_escapes) {
  const auto parsed = parse_form(
      "name=Anna+K&social=%40anna&email=a%40b.co&message=%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82"
      "&locale=ru&website=");
  EXPECT_TRUE(parsed.errors.empty());
  EXPECT_EQ(parsed.fields.name, "Anna K");
  EXPECT_EQ(parsed.fields.message, "Привет");
  EXPECT_EQ(
      parse_form("name=%ZZ&social=%40anna&email=a%40b.co&message=Hi&locale=ru").errors.at("name"),
      "invalid");
}

TEST(contact_request, names_a_few_unknown_fields_and_keeps_the_answer_small) {
  std::string json = R"({"name":"Anna","social":"@anna","email":"a@b.co","message":"Hi there",)"
                     R"("locale":"en","website":"")";
  for (int i = 0; i < 2000; ++i) json += ",\"f" + std::to_string(i) + "\":1";
  json += "}";
  const auto parsed = parse_json(json);
  EXPECT_EQ(parsed.errors.size(), unknown_fields_named + 1);
  EXPECT_EQ(parsed.errors.at(std::string(other_unknown_fields)), "unknown_field");
  std::string form = "name=Anna&social=%40anna&email=a%40b.co&message=Hi+there&locale=en";
  for (int i = 0; i < 2000; ++i) form += "&g" + std::to_string(i) + "=1";
  EXPECT_EQ(parse_form(form).errors.size(), unknown_fields_named + 1);
}

TEST(contact_request, never_repeats_a_name_that_is_not_plain_short_text) {
  for (const std::string& key :
       {std::string("\xFF\xFE"), std::string(41, 'k'), std::string("a\x01b"), std::string("%ZZ")}) {
    const auto parsed = parse_form(
        "name=Anna&social=%40anna&email=a%40b.co&message=Hi+there&locale=en&" + key + "=1");
    EXPECT_EQ(parsed.errors, (field_errors{{std::string(other_unknown_fields), "unknown_field"}}))
        << key;
  }
}

}  // namespace
}  // namespace landing::leads
