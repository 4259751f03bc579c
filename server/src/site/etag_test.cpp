#include "site/etag.hpp"

#include <gtest/gtest.h>

#include <string>

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

// A large file is hashed as it is copied, piece by piece; its ETag must be the one the same bytes
// get whole, or a revalidation after a restart that read them whole would miss.
TEST(etag, bytes_hashed_in_pieces_hash_as_the_whole) {
  std::string bytes;
  for (std::size_t i = 0; i < 300000; ++i) bytes.push_back(static_cast<char>((i * 7919) % 251));
  for (const std::size_t piece :
       {std::size_t{1}, std::size_t{63}, std::size_t{4096}, bytes.size()}) {
    content_hasher hasher;
    for (std::size_t at = 0; at < bytes.size(); at += piece) {
      hasher.update(std::string_view(bytes).substr(at, piece));
    }
    EXPECT_EQ(hasher.digest(), content_hash(bytes)) << "pieces of " << piece;
  }
  EXPECT_EQ(content_hasher().digest(), content_hash(""));
}

}  // namespace
}  // namespace landing::site
