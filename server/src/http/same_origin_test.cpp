#include "http/same_origin.hpp"

#include <gtest/gtest.h>

namespace landing::http {
namespace {

TEST(same_origin, takes_this_origin_and_non_browsers_and_refuses_other_sites) {
  request req;
  req.headers = {{"Host", "example.com"}, {"Origin", "https://example.com"}};
  EXPECT_TRUE(is_same_origin(req));
  req.headers = {{"Host", "example.com"}, {"Origin", "https://evil.com"}};
  EXPECT_FALSE(is_same_origin(req));
  req.headers = {{"Host", "example.com"}, {"Origin", "null"}};
  EXPECT_FALSE(is_same_origin(req));
  req.headers = {{"Sec-Fetch-Site", "same-site"}};
  EXPECT_FALSE(is_same_origin(req));
  req.headers = {{"Sec-Fetch-Site", "same-origin"}};
  EXPECT_TRUE(is_same_origin(req));
  req.headers = {};
  EXPECT_TRUE(is_same_origin(req));
}

}  // namespace
}  // namespace landing::http
