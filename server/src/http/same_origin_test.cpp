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

TEST(same_origin, a_referer_counts_only_when_it_is_a_page_of_this_origin) {
  request req;
  req.headers = {{"Host", "Example.com:8080"}};
  for (const auto* url : {"https://example.com:8080/ru?utm_source=x", "http://example.com:8080",
                          "https://EXAMPLE.com:8080?utm_source=x", "http://example.com:8080#a"}) {
    EXPECT_TRUE(is_this_origins_page(req, url)) << url;
  }
  for (const auto* url :
       {"https://evil.test/ru?utm_source=x", "https://example.com/ru?utm_source=x",
        "https://example.com:8080.evil.test/ru", "https://example.com:8080@evil.test/ru",
        "https://evil.test/https://example.com:8080/", "ftp://example.com:8080/",
        "//example.com:8080/", "example.com:8080/ru", "", "https://example.com:80801/"}) {
    EXPECT_FALSE(is_this_origins_page(req, url)) << url;
  }
  req.headers = {};
  EXPECT_FALSE(is_this_origins_page(req, "https://example.com/ru"));
}

}  // namespace
}  // namespace landing::http
