#include "leads/validation.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <fstream>
#include <iterator>
#include <string>

#include "common/utf8.hpp"
#include "paths.hpp"

namespace landing::leads {
namespace {

boost::json::value read_contract(const std::string& name) {
  std::ifstream in(landing::testing::contract_dir().string() + "/" + name);
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
    if (const auto* stored = item.as_object().if_contains("stored_message")) {
      EXPECT_EQ(normalize(fields).message, stored->as_string()) << item.at("title").as_string();
    }
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

TEST(validation, every_kind_of_line_break_becomes_one_lf) {
  for (const std::string brk :
       {"\n", "\r\n", "\r", "\v", "\f", "\xC2\x85", "\xE2\x80\xA8", "\xE2\x80\xA9"}) {
    EXPECT_EQ(normalize({"Anna", "@anna", "a@b.co", "one" + brk + "two"}).message, "one\ntwo")
        << brk;
  }
  // A lone CR followed by LF-less text and a CRLF pair are two breaks, not three.
  EXPECT_EQ(normalize({"Anna", "@anna", "a@b.co", "a\rb\r\nc"}).message, "a\nb\nc");
}

// A forged contact block after a wall of empty lines once pushed the real one out of view.
TEST(validation, runs_of_blank_lines_shrink_to_two) {
  std::string padding;
  for (int i = 0; i < 3000; ++i)
    padding += i % 3 == 0 ? "\n" : i % 3 == 1 ? " \t\r\n" : "\xE2\x80\x8B\n";
  const auto out =
      normalize({"Anna", "@anna", "a@b.co", "Hello" + padding + "Контактные данные:\nfake"})
          .message;
  EXPECT_EQ(out, "Hello\n\n\nКонтактные данные:\nfake");
  for (int blank = 0; blank <= 5; ++blank) {
    std::string text = "a\n";
    for (int i = 0; i < blank; ++i) text += "\n";
    text += "b";
    const auto expected =
        "a\n" + std::string(static_cast<std::size_t>(std::min(blank, 2)), '\n') + "b";
    EXPECT_EQ(normalize({"Anna", "@anna", "a@b.co", text}).message, expected) << blank;
  }
}

// Normalizing drops blank and invisible lines, so "a" and an invisible line (valid: three code
// points) is stored as "a". What is stored always keeps something visible, and the other fields
// are left as valid as they came.
TEST(validation, normalizing_a_valid_lead_keeps_its_visible_text) {
  for (const std::string message :
       {"a\n\xE2\x80\x8B", "\xE2\x80\x8B\na", "a\n\n\n\n\xE2\x80\x8B", "a\r\xE2\x81\xA0",
        "a\xE2\x80\xA8"
        "b",
        "ab", "a\n\n\n\n\nb"}) {
    const contact_fields fields{" Anna ", "@anna_dev", "a@b.co", message};
    ASSERT_TRUE(validate(fields).empty()) << message;
    const auto stored = normalize(fields);
    auto others = validate({stored.name, stored.social, stored.email, "Hello there"});
    EXPECT_TRUE(others.empty()) << message;
    EXPECT_NE(stored.message.find('a'), std::string::npos) << message;
    EXPECT_FALSE(stored.message.ends_with('\n')) << message;
    EXPECT_FALSE(stored.message.starts_with('\n')) << message;
  }
}

TEST(validation, refuses_every_bidi_control_in_every_field) {
  for (const char32_t c : {0x061CU, 0x200EU, 0x200FU, 0x202AU, 0x202BU, 0x202CU, 0x202DU, 0x202EU,
                           0x2066U, 0x2067U, 0x2068U, 0x2069U}) {
    const auto mark = utf8::encode(c);
    EXPECT_EQ(validate({"An" + mark + "na", "@anna_dev", "a@b.co", "Hello there"}),
              (field_errors{{"name", "invalid"}}));
    EXPECT_EQ(validate({"Anna", "@anna" + mark, "a@b.co", "Hello there"}),
              (field_errors{{"social", "invalid"}}));
    EXPECT_EQ(validate({"Anna", "@anna_dev", "a" + mark + "@b.co", "Hello there"}),
              (field_errors{{"email", "invalid"}}));
    EXPECT_EQ(validate({"Anna", "@anna_dev", "a@b.co", "Hello " + mark + "there"}),
              (field_errors{{"message", "invalid"}}));
  }
}

TEST(validation, refuses_fields_that_show_nothing) {
  const std::vector<char32_t> invisible{0x00AD, 0x034F,  0x115F,  0x1160,  0x17B4, 0x180B, 0x200B,
                                        0x200C, 0x200D,  0x2060,  0x2064,  0x3164, 0xFE00, 0xFE0F,
                                        0xFFA0, 0x1D173, 0xE0001, 0xE0041, 0xE01EF};
  for (const char32_t c : invisible) {
    const auto twice = utf8::encode(c) + utf8::encode(c) + " " + utf8::encode(c);
    EXPECT_EQ(validate({twice, "@anna_dev", "a@b.co", "Hello there"}),
              (field_errors{{"name", "invalid"}}))
        << static_cast<unsigned>(c);
    EXPECT_EQ(validate({"Anna", twice + twice, "a@b.co", "Hello there"}),
              (field_errors{{"social", "invalid"}}))
        << static_cast<unsigned>(c);
    EXPECT_EQ(validate({"Anna", "@anna_dev", "a@b.co", twice + "\n" + twice}),
              (field_errors{{"message", "invalid"}}))
        << static_cast<unsigned>(c);
    // Beside visible text they are allowed.
    EXPECT_TRUE(validate({"An" + twice + "na", "@anna_dev", "a@b.co", "Hello there"}).empty());
  }
}

}  // namespace
}  // namespace landing::leads
