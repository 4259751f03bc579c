#include "common/utf8.hpp"

#include <gtest/gtest.h>

#include "common/log.hpp"

namespace landing {
namespace {

TEST(utf8, printable_keeps_valid_text_and_escapes_every_stray_byte) {
  EXPECT_EQ(utf8::printable("Анна 😀"), "Анна 😀");
  for (int byte = 0x80; byte <= 0xFF; ++byte) {
    const std::string alone(1, static_cast<char>(byte));
    const auto out = utf8::printable("a" + alone + "b");
    EXPECT_TRUE(utf8::decode(out).has_value()) << byte;
    EXPECT_EQ(out.size(), 6U) << byte;  // a \xNN b
  }
  EXPECT_EQ(utf8::printable("\xE2\x82"), "\\xe2\\x82");           // cut off
  EXPECT_EQ(utf8::printable("\xC0\xAF"), "\\xc0\\xaf");           // overlong
  EXPECT_EQ(utf8::printable("\xED\xA0\x80"), "\\xed\\xa0\\x80");  // a surrogate
}

TEST(utf8, cut_never_splits_a_character) {
  const std::string text = "ж😀a";
  for (std::size_t max = 0; max <= text.size(); ++max) {
    const auto part = utf8::cut(text, max);
    EXPECT_LE(part.size(), max);
    EXPECT_TRUE(utf8::decode(part).has_value()) << max;
  }
}

// Masking once cut inside the first character, so log lines carried invalid UTF-8.
}  // namespace
}  // namespace landing
