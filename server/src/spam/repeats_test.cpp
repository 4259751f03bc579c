#include "spam/repeats.hpp"

#include <gtest/gtest.h>

#include <string>

namespace landing::spam {
namespace {

constexpr std::string_view secret = "the server's own secret";

std::string key(std::string_view message) { return message_key(message, secret); }

TEST(repeats, the_same_words_give_one_key_whatever_the_case_spacing_and_punctuation) {
  const auto first = key("Buy cheap followers now! Visit our shop.");
  EXPECT_EQ(first.size(), 64U);
  for (const auto* same : {"buy cheap followers now visit our shop",
                           "  BUY   cheap, followers -- now!!\nVisit our shop",
                           "Ｂｕｙ cheap followers now! Visit our shop..."}) {
    EXPECT_EQ(key(same), first) << same;
  }
  EXPECT_NE(key("Buy cheap followers now! Visit their shop."), first);
  EXPECT_NE(key("Buy cheap followers now! Visit our shops."), first);
}

TEST(repeats, the_key_depends_on_the_servers_secret_so_a_guess_cannot_be_checked_against_it) {
  const auto message = "Buy cheap followers now! Visit our shop.";
  EXPECT_NE(message_key(message, "one secret"), message_key(message, "another secret"));
  EXPECT_EQ(message_key(message, "one secret"), message_key(message, "one secret"));
}

TEST(repeats, short_messages_have_no_key) {
  EXPECT_EQ(key("Call me back!"), "");
  EXPECT_EQ(key("!!! ??? ..."), "");
  EXPECT_NE(key("Call me back, please, soon"), "");
}

// The threshold counts letters, not bytes, in every alphabet: one below it has no key, the
// threshold itself has one.
TEST(repeats, the_threshold_counts_letters_in_every_alphabet_not_bytes) {
  EXPECT_EQ(word_letters("Перезвоните мне"), 14U);
  EXPECT_EQ(word_letters("Нужен сайт"), 9U);
  EXPECT_EQ(word_letters("Call me back soon"), 14U);
  EXPECT_EQ(word_letters("请尽快给我回电话谢谢您的帮助"), 14U);
  EXPECT_EQ(word_letters("Καλέστε με"), 9U);
  EXPECT_EQ(word_letters("اتصل بي"), 6U);
  // Emoji are symbols, not letters: they separate words and count for nothing.
  EXPECT_EQ(word_letters("👍 ok 🚀🚀"), 2U);
  // The edge in each alphabet: 15 letters, no key; 16, a key.
  const std::pair<std::string, std::string> edges[] = {
      {"Call me back soonx", "Call me back soonxy"},
      {"Перезвоните мнеж", "Перезвоните мнежж"},
      {"Καλέστε με πίσωωω", "Καλέστε με πίσωωωω"},
      {"请尽快给我回电话谢谢您的帮助啊", "请尽快给我回电话谢谢您的帮助啊呀"},
      {"اتصل بي من فضلك الآ", "اتصل بي من فضلك الآن"},
      {"😀 Перезвоните мнеж 😀", "😀 Перезвоните мнежж 😀"},
  };
  for (const auto& [under, at] : edges) {
    EXPECT_EQ(word_letters(under), shortest_key_letters - 1) << under;
    EXPECT_EQ(key(under), "") << under;
    EXPECT_EQ(word_letters(at), shortest_key_letters) << at;
    EXPECT_NE(key(at), "") << at;
  }
}

}  // namespace
}  // namespace landing::spam
