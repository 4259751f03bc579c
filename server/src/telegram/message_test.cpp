#include "telegram/message.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <fstream>
#include <iterator>

#include "paths.hpp"

namespace landing::telegram {
namespace {

TEST(message, matches_every_contract_example) {
  std::ifstream in(landing::testing::contract_dir().string() + "/telegram-message.json");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const auto contract = boost::json::parse(text);
  const auto& cases = contract.at("cases").as_array();
  ASSERT_FALSE(cases.empty());
  for (const auto& item : cases) {
    const auto& lead = item.at("lead").as_object();
    const storage::contact_fields fields{
        std::string(lead.at("name").as_string()), std::string(lead.at("social").as_string()),
        std::string(lead.at("email").as_string()), std::string(lead.at("message").as_string())};
    const auto* source = lead.if_contains("source");
    EXPECT_EQ(format_message(fields, item.at("id").as_string(),
                             source ? boost::json::serialize(*source) : std::string(),
                             lead.contains("unproven") && lead.at("unproven").as_bool()),
              item.at("text").as_string())
        << item.at("title").as_string();
  }
}

storage::lead lead_of(storage::contact_fields fields, std::string id) {
  storage::lead item;
  item.fields = std::move(fields);
  item.id = std::move(id);
  return item;
}

constexpr std::size_t part_limit = max_message_units - status_room;

std::size_t occurrences(const std::string& text, const std::string& piece) {
  std::size_t count = 0;
  for (auto at = text.find(piece); at != std::string::npos;
       at = text.find(piece, at + piece.size())) {
    ++count;
  }
  return count;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& part : parts) out += part;
  return out;
}

TEST(message, a_long_cyrillic_message_arrives_whole_in_parts_that_each_fit) {
  std::string long_message;
  for (int i = 0; i < 4000; ++i) long_message += "ж";
  const storage::contact_fields fields{std::string(100, 'N'), std::string(64, 's'),
                                       std::string(240, 'e') + "@example.com", long_message};
  const auto parts = message_parts(lead_of(fields, "01JD3Z6W8Q5N2R4T6V8X0Y2A4C"));
  ASSERT_EQ(parts.size(), 2U);
  for (const auto& part : parts) EXPECT_LE(utf16_units(part), part_limit);
  EXPECT_TRUE(parts.front().starts_with(std::string(100, 'N') + " сообщает:\n"));
  EXPECT_TRUE(parts.back().ends_with(std::string(240, 'e') + "@example.com\n" +
                                     std::string(64, 's') +
                                     "\n\nЗаявка 01JD3Z6W8Q5N2R4T6V8X0Y2A4C"));
  // Nothing the visitor wrote is lost: the one long line goes on behind the quote mark.
  EXPECT_TRUE(parts.back().starts_with(quote_mark));
  EXPECT_EQ(occurrences(joined(parts), "ж"), 4000U);
}

TEST(message, never_splits_an_emoji_and_counts_it_as_two_units) {
  std::string emoji_message;
  for (int i = 0; i < 4000; ++i) emoji_message += "😀";
  const auto parts = message_parts(lead_of({"Anna", "@anna", "a@b.co", emoji_message}, "ID"));
  ASSERT_EQ(parts.size(), 3U);
  for (const auto& part : parts) {
    EXPECT_LE(utf16_units(part), part_limit);
    EXPECT_GT(part.size(), 0U);
    // A part of whole emoji only: its bytes (past the header or mark) come in fours.
    const auto first = part.find("😀");
    const auto last = part.rfind("😀");
    ASSERT_NE(first, std::string::npos);
    EXPECT_EQ((last - first) % 4, 0U);
  }
  EXPECT_EQ(occurrences(joined(parts), "😀"), 4000U);
}

// Wherever a part ends, every line of the next is whole: cut after a line, so each quoted line
// still starts with the mark.
TEST(message, cuts_after_a_whole_line_where_one_ends_in_the_part) {
  for (std::size_t line_length = 1; line_length <= 40; line_length += 3) {
    std::string long_message;
    while (long_message.size() < 3990) long_message += std::string(line_length, 'x') + "\n";
    long_message.pop_back();
    const auto parts = message_parts(lead_of({"Anna", "@anna", "a@b.co", long_message}, "ID"));
    ASSERT_GE(parts.size(), 2U) << line_length;
    for (std::size_t i = 1; i < parts.size(); ++i) {
      EXPECT_TRUE(parts[i].starts_with(quote_mark) || parts[i].starts_with("Контактные") ||
                  parts[i].starts_with("a@b.co"))
          << line_length << ": [" << parts[i].substr(0, 20) << "]";
    }
    for (const auto& part : parts) {
      EXPECT_LE(utf16_units(part), part_limit);
      EXPECT_FALSE(part.ends_with('\n'));
    }
  }
}

TEST(message, splits_any_text_at_any_limit_without_losing_a_byte) {
  const std::string text = "ab\nв😀г\n" + std::string(quote_mark) + "long quoted line here";
  for (std::size_t limit = 4; limit <= 40; ++limit) {
    const auto parts = split_message(text, limit);
    std::string rebuilt;
    for (const auto& part : parts) {
      EXPECT_LE(utf16_units(part), limit) << limit;
      rebuilt += part;
    }
    std::string bare;
    for (std::string_view rest = rebuilt; !rest.empty();) {
      if (rest.starts_with(quote_mark)) {
        rest.remove_prefix(quote_mark.size());
        continue;
      }
      if (rest.front() != '\n') bare += rest.front();
      rest.remove_prefix(1);
    }
    EXPECT_EQ(bare, "abв😀гlong quoted line here") << limit;
  }
}

TEST(message, leaves_a_short_message_in_one_part) {
  const auto parts = message_parts(lead_of({"Anna", "@anna", "a@b.co", "Hi"}, "ID"));
  ASSERT_EQ(parts.size(), 1U);
  EXPECT_EQ(parts[0], format_message({"Anna", "@anna", "a@b.co", "Hi"}, "ID"));
}

}  // namespace
}  // namespace landing::telegram
