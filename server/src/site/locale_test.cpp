#include "site/locale.hpp"

#include <gtest/gtest.h>

namespace landing::site {
namespace {

TEST(locale, saved_cookie_wins_over_accept_language) {
  EXPECT_EQ(negotiate_locale("theme=dark; user-locale=en", "ru-RU,ru;q=0.9"), "en");
}

TEST(locale, unsupported_cookie_falls_back_to_accept_language) {
  EXPECT_EQ(negotiate_locale("user-locale=de", "en-GB,en;q=0.8"), "en");
}

TEST(locale, region_falls_back_to_language) {
  EXPECT_EQ(negotiate_locale("", "ru-RU"), "ru");
  EXPECT_EQ(negotiate_locale("", "en-US"), "en");
}

TEST(locale, highest_quality_wins_whatever_the_order) {
  EXPECT_EQ(negotiate_locale("", "ru;q=0.3, en;q=0.9"), "en");
  EXPECT_EQ(negotiate_locale("", "de, en;q=0.5, ru;q=0.7"), "ru");
}

TEST(locale, zero_quality_means_not_acceptable) {
  EXPECT_EQ(negotiate_locale("", "en;q=0, fr"), "ru");
}

TEST(locale, defaults_to_russian) {
  EXPECT_EQ(negotiate_locale("", ""), "ru");
  EXPECT_EQ(negotiate_locale("", "de-DE,fr;q=0.5"), "ru");
}

}  // namespace
}  // namespace landing::site
