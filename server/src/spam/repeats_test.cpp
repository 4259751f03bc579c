#include "spam/repeats.hpp"

#include <gtest/gtest.h>

namespace landing::spam {
namespace {

TEST(repeats, the_same_words_give_one_key_whatever_the_case_spacing_and_punctuation) {
  const auto key = message_key("Buy cheap followers now! Visit our shop.");
  EXPECT_EQ(key.size(), 64U);
  for (const auto* same : {"buy cheap followers now visit our shop",
                           "  BUY   cheap, followers -- now!!\nVisit our shop",
                           "Ｂｕｙ cheap followers now! Visit our shop..."}) {
    EXPECT_EQ(message_key(same), key) << same;
  }
  EXPECT_NE(message_key("Buy cheap followers now! Visit their shop."), key);
  EXPECT_NE(message_key("Buy cheap followers now! Visit our shops."), key);
}

TEST(repeats, short_messages_have_no_key) {
  EXPECT_EQ(message_key("Call me back!"), "");
  EXPECT_EQ(message_key("!!! ??? ..."), "");
  EXPECT_NE(message_key("Call me back, please, soon"), "");
}

}  // namespace
}  // namespace landing::spam
