#include "telegram/webhook.hpp"

#include <gtest/gtest.h>

namespace landing::telegram {
namespace {

TEST(webhook, only_the_very_secret_matches) {
  EXPECT_TRUE(same_secret("s3cret_Token-1", "s3cret_Token-1"));
  for (const auto* other : {"", "s", "s3cret_Token-", "s3cret_Token-2", "s3cret_Token-10",
                            "S3cret_Token-1", "x3cret_Token-1", "s3cret_Token-1\n"}) {
    EXPECT_FALSE(same_secret(other, "s3cret_Token-1")) << other;
  }
  // A string with a zero byte inside is not the secret it starts with.
  EXPECT_FALSE(same_secret(std::string_view("s3cret_Token-1\0", 15), "s3cret_Token-1"));
}

TEST(webhook, a_secret_is_what_telegram_accepts) {
  EXPECT_TRUE(valid_secret("abc_XYZ-019"));
  EXPECT_TRUE(valid_secret(std::string(256, 'a')));
  for (const auto& bad : {std::string(), std::string(257, 'a'), std::string("has space"),
                          std::string("ünicode"), std::string("semi;colon"), std::string("a\n")}) {
    EXPECT_FALSE(valid_secret(bad)) << bad;
  }
}

}  // namespace
}  // namespace landing::telegram
