#include "common/redact.hpp"

#include <gtest/gtest.h>

namespace landing {
namespace {

TEST(redact, removes_every_copy_of_a_secret) {
  EXPECT_EQ(redact("GET /bot123:abc/sendMessage and 123:abc", "123:abc"),
            "GET /bot<redacted>/sendMessage and <redacted>");
  EXPECT_EQ(redact("nothing here", ""), "nothing here");
}

TEST(redact, hides_the_password_of_every_uri_in_a_text) {
  EXPECT_EQ(redact_uris("postgresql://landing:s3cret@db.example:5432/leads"),
            "postgresql://landing:***@db.example:5432/leads");
  EXPECT_EQ(
      redact_uris("--db postgresql://u:p@ss:w0rd@/leads?host=/run/postgresql was not expected"),
      "--db postgresql://u:***@/leads?host=/run/postgresql was not expected");
  EXPECT_EQ(redact_uris("a postgres://x:y@h/d and mysql://m:n@h/d"),
            "a postgres://x:***@h/d and mysql://m:***@h/d");
  // Nothing to hide: no password, or no user part at all.
  for (const char* text : {"postgresql://landing@/leads?host=/tmp", "https://api.telegram.org/x",
                           "var/leads.db", "http://a:8080/path@x", ""}) {
    EXPECT_EQ(redact_uris(text), text) << text;
  }
}

}  // namespace
}  // namespace landing
