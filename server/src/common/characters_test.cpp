#include "common/characters.hpp"

#include <gtest/gtest.h>

#include "common/html_escape.hpp"
#include "common/utf8.hpp"
#include "common/visible.hpp"

namespace landing {
namespace {

// Every noncharacter Unicode has: the 32 of U+FDD0–U+FDEF and the last two of each of the 17
// planes.
std::vector<char32_t> all_noncharacters() {
  std::vector<char32_t> out;
  for (char32_t c = 0xFDD0; c <= 0xFDEF; ++c) out.push_back(c);
  for (char32_t plane = 0; plane <= 0x10; ++plane) {
    out.push_back((plane << 16) | 0xFFFE);
    out.push_back((plane << 16) | 0xFFFF);
  }
  return out;
}

TEST(characters, all_66_noncharacters_and_nothing_else_are_noncharacters) {
  const auto all = all_noncharacters();
  ASSERT_EQ(all.size(), 66U);
  std::size_t found = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (characters::is_noncharacter(c)) ++found;
  }
  EXPECT_EQ(found, 66U);
  for (const auto c : all)
    EXPECT_TRUE(characters::is_refused_in_line(c)) << std::hex << static_cast<std::uint32_t>(c);
  for (const char32_t fine : {U'a', U'Ж', U'中', U'\uFFFD', U'\uFDCF', U'\uFDF0', U'\U0001F600'}) {
    EXPECT_FALSE(characters::is_refused_in_line(fine))
        << std::hex << static_cast<std::uint32_t>(fine);
  }
}

// XML 1.0's Char production: what an SVG or an XHTML report may hold at all.
bool xml_char(char32_t c) {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

// Whatever a stored value holds (a tag kept before intake refused noncharacters), what the
// reports and the chart write of it is valid XML text.
TEST(characters, what_reports_write_of_any_character_is_valid_xml) {
  // Every character of the first plane, a sample of the others, and every noncharacter.
  std::vector<char32_t> codes = all_noncharacters();
  for (char32_t c = 0; c <= 0x10FFFF; c += c < 0x10000 ? 1 : 0x101) codes.push_back(c);
  for (const char32_t c : codes) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;  // not encodable: utf8::printable escapes the bytes
    // Appended, not operator+ on temporaries: GCC 12 reports a false -Wrestrict there.
    std::string text = "a";
    text += utf8::encode(c);
    text += 'b';
    for (const auto& written : {visible(text), escape_html(text)}) {
      const auto decoded = utf8::decode(written);
      ASSERT_TRUE(decoded) << std::hex << static_cast<std::uint32_t>(c);
      for (const char32_t each : *decoded)
        ASSERT_TRUE(xml_char(each)) << std::hex << static_cast<std::uint32_t>(c);
    }
  }
  EXPECT_EQ(visible("\xEF\xBF\xBF"
                    "ads"),
            "\\uffffads");
  EXPECT_EQ(visible("x\xF4\x8F\xBF\xBF"), "x\\u{10ffff}");
  EXPECT_EQ(visible("x\xF0\x9F\xBF\xBE"), "x\\u{1fffe}");
  // A lone surrogate's bytes (CESU) are no UTF-8: written as bytes.
  EXPECT_EQ(visible("\xED\xA0\x80"), "\\xed\\xa0\\x80");
}

}  // namespace
}  // namespace landing
