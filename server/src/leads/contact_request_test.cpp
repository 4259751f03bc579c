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

TEST(contact_request, same_origin_rules) {
  http::request req;
  req.headers = {{"Host", "example.com"}, {"Origin", "https://example.com"}};
  EXPECT_TRUE(is_same_origin(req));
  req.headers = {{"Host", "example.com"}, {"Origin", "https://evil.com"}};
  EXPECT_FALSE(is_same_origin(req));
  req.headers = {{"Host", "example.com"}, {"Origin", "null"}};
  EXPECT_FALSE(is_same_origin(req));
  req.headers = {{"Sec-Fetch-Site", "same-site"}};
  EXPECT_FALSE(is_same_origin(req));
  req.headers = {{"Sec-Fetch-Site", "same-origin"}};
  EXPECT_TRUE(is_same_origin(req));
  req.headers = {};
  EXPECT_TRUE(is_same_origin(req));
}

TEST(contact_request, forwarded_address_only_with_trust_proxy) {
  http::request req;
  req.peer = "127.0.0.1";
  req.headers = {{"X-Forwarded-For", "1.1.1.1, 2.2.2.2"}};
  EXPECT_EQ(client_address(req, false), "127.0.0.1");
  EXPECT_EQ(client_address(req, true), "2.2.2.2");
}

}  // namespace
}  // namespace landing::leads
