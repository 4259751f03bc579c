#include "email/mime.hpp"

#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <random>

#include "common/base64.hpp"
#include "common/utf8.hpp"

namespace landing::email {
namespace {

// OpenSSL's decoder, not ours: what a mail reader would get back.
std::string decoded(std::string_view base64_text) {
  std::string out(base64_text.size(), '\0');
  const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                reinterpret_cast<const unsigned char*>(base64_text.data()),
                                static_cast<int>(base64_text.size()));
  const auto padding = base64_text.ends_with("==") ? 2 : base64_text.ends_with('=') ? 1 : 0;
  out.resize(static_cast<std::size_t>(n - padding));
  return out;
}

std::string word_text(const std::string& word) {
  EXPECT_TRUE(word.starts_with("=?UTF-8?B?") && word.ends_with("?=")) << word;
  return decoded(std::string_view(word).substr(10, word.size() - 12));
}

TEST(mime, one_line_turns_every_line_break_and_control_into_one_space) {
  EXPECT_EQ(one_line("Anna\r\nBcc: x@evil.test"), "Anna Bcc: x@evil.test");
  EXPECT_EQ(one_line("a\nb\rc\td\v\fe"), "a b c d e");
  EXPECT_EQ(one_line(std::string("a\0b", 3)), "a b");
  EXPECT_EQ(one_line("a\u2028b\u2029c\u0085d\u007f"), "a b c d") << "Unicode's separators too";
  EXPECT_EQ(one_line("  \r\n  Анна \n\n Каренина  "), "Анна Каренина");
  EXPECT_EQ(one_line("a\xff\xc0\xafz"), "a\uFFFD\uFFFD\uFFFDz") << "stray bytes";
}

TEST(mime, encoded_words_stay_short_and_never_split_a_character) {
  // Two-, three- and four-byte characters at every offset against the word's byte budget.
  for (std::size_t shift = 0; shift < 4; ++shift) {
    const auto text = std::string(shift, 'a') + "Новая заявка: Анна 日本語のテキスト 😀😀😀 " +
                      std::string(40, 'z') + " Каренина из Санкт-Петербурга 😀";
    const auto words = encoded_words(text);
    ASSERT_GT(words.size(), 2U);
    std::string joined;
    for (const auto& word : words) {
      EXPECT_LE(word.size(), encoded_word_max);
      EXPECT_LE(word.size(), 75U) << "RFC 2047 2";
      const auto piece = word_text(word);
      EXPECT_TRUE(utf8::decode(piece).has_value()) << "a whole character in each word";
      joined += piece;
    }
    EXPECT_EQ(joined, text);
  }
  EXPECT_TRUE(encoded_words("").empty());
}

TEST(mime, fold_breaks_lines_between_pieces_with_crlf_and_a_space) {
  const std::vector<std::string> pieces(12, "sales-team@studio.example,");
  const auto line = fold("To", pieces);
  EXPECT_TRUE(line.starts_with("To: sales-team@studio.example, sales-team@"));
  std::size_t from = 0;
  while (from < line.size()) {
    const auto end = std::min(line.find("\r\n", from), line.size());
    EXPECT_LE(end - from, header_line_max) << line;
    EXPECT_TRUE(from == 0 || line[from] == ' ') << "a continuation starts with a space";
    from = end + 2;
  }
  EXPECT_EQ(fold("Subject", {"New", "lead"}), "Subject: New lead");
  EXPECT_EQ(fold("Content-Transfer-Encoding-Of-A-Long-Name", {std::string(60, 'x')}),
            "Content-Transfer-Encoding-Of-A-Long-Name:\r\n " + std::string(60, 'x'))
      << "a piece that does not fit after a long name starts the next line";
}

TEST(mime, canonical_text_ends_every_line_with_crlf) {
  EXPECT_EQ(canonical_text("a\nb\r\nc\rd\n\n"), "a\r\nb\r\nc\r\nd\r\n\r\n");
  EXPECT_EQ(canonical_text("a\r\r\nb"), "a\r\n\r\nb");
  EXPECT_EQ(canonical_text(std::string("tab\there\0\x1b!", 11)), "tab\there\uFFFD\uFFFD!");
  EXPECT_EQ(canonical_text("Привет\nмир"), "Привет\r\nмир");
  // Random bytes: never a CR without its LF nor an LF without its CR, and valid UTF-8.
  std::mt19937 random(7);
  for (int round = 0; round < 200; ++round) {
    std::string bytes(64, '\0');
    for (auto& b : bytes) b = "\r\n\r\nab\xd0\x90\xff\0"[random() % 10];
    const auto text = canonical_text(bytes);
    for (std::size_t i = 0; i < text.size(); ++i) {
      ASSERT_TRUE(text[i] != '\r' || text[i + 1] == '\n') << "bare CR";
      ASSERT_TRUE(text[i] != '\n' || (i > 0 && text[i - 1] == '\r')) << "bare LF";
    }
    EXPECT_TRUE(utf8::decode(text).has_value());
  }
}

TEST(mime, base64_matches_rfc_4648_and_breaks_lines_at_76) {
  EXPECT_EQ(base64_encode(""), "");
  EXPECT_EQ(base64_encode("f"), "Zg==");
  EXPECT_EQ(base64_encode("foob"), "Zm9vYg==");
  EXPECT_EQ(base64_encode("foobar"), "Zm9vYmFy");
  const std::string bytes(500, '\xd0');
  const auto lines = base64_lines(bytes);
  std::string joined;
  std::size_t from = 0;
  while (from < lines.size()) {
    const auto end = lines.find("\r\n", from);
    ASSERT_NE(end, std::string::npos) << "every line ends with CRLF";
    EXPECT_LE(end - from, base64_line_max);
    joined += lines.substr(from, end - from);
    from = end + 2;
  }
  EXPECT_EQ(decoded(joined), bytes);
}

}  // namespace
}  // namespace landing::email
