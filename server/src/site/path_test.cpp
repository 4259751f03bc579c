#include "site/path.hpp"

#include <gtest/gtest.h>

namespace landing::site {
namespace {

TEST(path, decodes_percent_escapes) {
  EXPECT_EQ(decode_path("/images/a%20b.png"), "/images/a b.png");
  EXPECT_EQ(decode_path("/en"), "/en");
}

TEST(path, refuses_parent_and_current_segments_even_encoded) {
  EXPECT_FALSE(decode_path("/../etc/passwd"));
  EXPECT_FALSE(decode_path("/assets/%2e%2e/secret"));
  EXPECT_FALSE(decode_path("/assets/./x.js"));
  EXPECT_FALSE(decode_path("/assets/.."));
}

TEST(path, refuses_encoded_separators_nul_and_bad_escapes) {
  EXPECT_FALSE(decode_path("/assets%2f..%2fx"));
  EXPECT_FALSE(decode_path("/assets%5cx"));
  EXPECT_FALSE(decode_path("/a\\b"));
  EXPECT_FALSE(decode_path("/a%00b"));
  EXPECT_FALSE(decode_path("/a%zz"));
  EXPECT_FALSE(decode_path("/a%2"));
  EXPECT_FALSE(decode_path("relative"));
}

TEST(path, allows_dots_inside_names) {
  EXPECT_EQ(decode_path("/assets/index-Cu7x.js"), "/assets/index-Cu7x.js");
  EXPECT_EQ(decode_path("/a..b"), "/a..b");
}

}  // namespace
}  // namespace landing::site
