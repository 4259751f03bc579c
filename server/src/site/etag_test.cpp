#include "site/etag.hpp"

#include <gtest/gtest.h>

namespace landing::site {
namespace {

TEST(etag, is_stable_and_differs_by_content_and_encoding) {
  EXPECT_EQ(make_etag("hello"), make_etag("hello"));
  EXPECT_NE(make_etag("hello"), make_etag("hellp"));
  EXPECT_NE(make_etag("hello"), make_etag("hello", "-br"));
  EXPECT_EQ(make_etag("hello").front(), '"');
}

TEST(etag, if_none_match_accepts_lists_weak_tags_and_star) {
  const auto tag = make_etag("hello");
  EXPECT_TRUE(if_none_match_hits(tag, tag));
  EXPECT_TRUE(if_none_match_hits("\"other\", " + tag, tag));
  EXPECT_TRUE(if_none_match_hits("W/" + tag, tag));
  EXPECT_TRUE(if_none_match_hits("*", tag));
  EXPECT_FALSE(if_none_match_hits("\"other\"", tag));
}

}  // namespace
}  // namespace landing::site
