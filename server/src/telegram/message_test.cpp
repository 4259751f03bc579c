#include "telegram/message.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <fstream>
#include <iterator>

namespace landing::telegram {
namespace {

TEST(message, matches_every_contract_example) {
  std::ifstream in(std::string(LANDING_CONTRACT_DIR) + "/telegram-message.json");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const auto contract = boost::json::parse(text);
  const auto& cases = contract.at("cases").as_array();
  ASSERT_FALSE(cases.empty());
  for (const auto& item : cases) {
    const auto& lead = item.at("lead").as_object();
    const storage::contact_fields fields{
        std::string(lead.at("name").as_string()), std::string(lead.at("social").as_string()),
        std::string(lead.at("email").as_string()), std::string(lead.at("message").as_string())};
    EXPECT_EQ(format_message(fields, item.at("id").as_string()), item.at("text").as_string())
        << item.at("title").as_string();
  }
}

TEST(message, cuts_a_long_cyrillic_message_but_keeps_contacts_and_id) {
  std::string long_message;
  for (int i = 0; i < 4000; ++i) long_message += "ж";
  const storage::contact_fields fields{std::string(100, 'N'), std::string(64, 's'),
                                       std::string(240, 'e') + "@example.com", long_message};
  const auto text = format_message(fields, "01JD3Z6W8Q5N2R4T6V8X0Y2A4C");
  EXPECT_LE(utf16_units(text), max_message_units);
  EXPECT_TRUE(text.starts_with(std::string(100, 'N') + " сообщает:\n"));
  EXPECT_NE(text.find(cut_marker), std::string::npos);
  EXPECT_TRUE(text.ends_with(std::string(240, 'e') + "@example.com\n" + std::string(64, 's') +
                             "\n\nЗаявка 01JD3Z6W8Q5N2R4T6V8X0Y2A4C"));
}

TEST(message, counts_emoji_as_two_utf16_units_and_never_splits_them) {
  std::string emoji_message;
  for (int i = 0; i < 3000; ++i) emoji_message += "😀";
  const auto text = format_message({"Anna", "@anna", "a@b.co", emoji_message}, "ID");
  EXPECT_LE(utf16_units(text), max_message_units);
  EXPECT_GT(utf16_units(text), max_message_units - 2);
}

// Wherever the cut falls (inside a line, just after a break, inside the quote mark), every line
// above the marker is a quoted line of the visitor's, never an empty or bare one.
TEST(message, a_cut_never_leaves_an_empty_or_bare_line) {
  for (std::size_t line_length = 1; line_length <= 12; ++line_length) {
    std::string long_message;
    while (long_message.size() < 3990) long_message += std::string(line_length, 'x') + "\n";
    long_message.pop_back();
    const auto text = format_message({"Anna", "@anna", "a@b.co", long_message}, "ID");
    ASSERT_NE(text.find(cut_marker), std::string::npos);
    const auto body = text.substr(text.find('\n') + 1, text.find(cut_marker) - text.find('\n') - 1);
    std::size_t at = 0;
    while (at <= body.size()) {
      const auto end = body.find('\n', at);
      const auto line = body.substr(at, end == std::string::npos ? std::string::npos : end - at);
      EXPECT_TRUE(line.starts_with(quote_mark)) << line_length << ": [" << line << "]";
      if (end == std::string::npos) break;
      at = end + 1;
    }
  }
}

TEST(message, leaves_a_short_message_whole) {
  const auto text = format_message({"Anna", "@anna", "a@b.co", "Hi"}, "ID");
  EXPECT_EQ(text.find(cut_marker), std::string::npos);
}

}  // namespace
}  // namespace landing::telegram
