#include "site/encoding.hpp"

#include <gtest/gtest.h>

namespace landing::site {
namespace {

TEST(encoding, prefers_brotli_then_gzip) {
  EXPECT_EQ(choose_encoding("gzip, deflate, br", true, true), encoding::br);
  EXPECT_EQ(choose_encoding("gzip", true, true), encoding::gzip);
  EXPECT_EQ(choose_encoding("", true, true), encoding::identity);
}

TEST(encoding, respects_quality_values) {
  EXPECT_EQ(choose_encoding("br;q=0.5, gzip", true, true), encoding::gzip);
  EXPECT_EQ(choose_encoding("br;q=0, gzip;q=0", true, true), encoding::identity);
  EXPECT_EQ(choose_encoding("*", true, true), encoding::br);
  EXPECT_EQ(choose_encoding("*, br;q=0", true, true), encoding::gzip);
}

TEST(encoding, only_offers_stored_variants) {
  EXPECT_EQ(choose_encoding("br", false, true), encoding::identity);
  EXPECT_EQ(choose_encoding("br, gzip", false, true), encoding::gzip);
}

}  // namespace
}  // namespace landing::site
