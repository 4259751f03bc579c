#include "telegram/message_link.hpp"

#include <gtest/gtest.h>

namespace landing::telegram {
namespace {

TEST(message_link, a_supergroups_message_has_the_private_link_form) {
  EXPECT_EQ(message_link({-1001234567890, 42}), "https://t.me/c/1234567890/42");
  // The id is -10^12 minus the channel's (TDLib's ZERO_CHANNEL_ID), not the string "-100" before
  // it: the two differ once a channel id has more than ten digits.
  EXPECT_EQ(message_link({-1000000000001, 7}), "https://t.me/c/1/7");
  EXPECT_EQ(message_link({-10999999999999, 9}), "https://t.me/c/9999999999999/9");
}

TEST(message_link, chats_without_message_links_and_unknown_messages_have_none) {
  EXPECT_FALSE(message_link({123456789, 42}));       // a private chat with the bot
  EXPECT_FALSE(message_link({-123456789, 42}));      // a basic group
  EXPECT_FALSE(message_link({-1000000000000, 42}));  // the prefix alone is no channel
  EXPECT_FALSE(message_link({-1001234567890, 0}));   // Telegram did not say which message
  EXPECT_FALSE(message_link({0, 0}));
}

}  // namespace
}  // namespace landing::telegram
