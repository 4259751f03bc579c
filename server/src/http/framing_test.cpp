#include "http/framing.hpp"

#include <gtest/gtest.h>

namespace landing::http {
namespace {

using headers = std::vector<std::pair<std::string_view, std::string_view>>;

TEST(framing, transfer_codings_must_end_in_chunked_once) {
  EXPECT_EQ(check_framing({{"Host", "a"}, {"Transfer-Encoding", "chunked"}}, 11).status, 0U);
  EXPECT_EQ(check_framing({{"Host", "a"}, {"transfer-encoding", " Chunked "}}, 11).status, 0U);
  for (const headers& bad : std::vector<headers>{
           {{"Transfer-Encoding", "gzip"}},
           {{"Transfer-Encoding", "chunked, gzip"}},
           {{"Transfer-Encoding", "chunked"}, {"Transfer-Encoding", "gzip"}},
           {{"Transfer-Encoding", "chunked, chunked"}},
           {{"Transfer-Encoding", "chunked"}, {"Transfer-Encoding", "chunked"}},
           {{"Transfer-Encoding", "identity"}},
           {{"Transfer-Encoding", ","}, {"Transfer-Encoding", "x"}},
           // Names no coding at all: as unframeable as a wrong one, not the same as absent.
           {{"Transfer-Encoding", ""}},
           {{"Transfer-Encoding", " "}},
           {{"Transfer-Encoding", "\t"}},
           {{"Transfer-Encoding", ","}},
           {{"Transfer-Encoding", " , ,\t"}},
           {{"Transfer-Encoding", ""}, {"Transfer-Encoding", ","}},
       }) {
    auto with_host = bad;
    with_host.emplace_back("Host", "a");
    EXPECT_EQ(check_framing(with_host, 11).status, 400U) << bad.back().second;
  }
  EXPECT_EQ(check_framing({{"Host", "a"}, {"Transfer-Encoding", "gzip, chunked"}}, 11).status,
            501U);
  EXPECT_EQ(check_framing({{"Transfer-Encoding", "chunked"}}, 10).status, 400U);
  EXPECT_EQ(check_framing({{"Transfer-Encoding", ""}}, 10).status, 400U);
  // An empty line beside a real list adds nothing to it (RFC 9110 5.6.1: empty elements).
  EXPECT_EQ(check_framing(
                {{"Host", "a"}, {"Transfer-Encoding", ""}, {"Transfer-Encoding", "chunked"}}, 11)
                .status,
            0U);
}

TEST(framing, host_once_and_well_formed) {
  EXPECT_EQ(check_framing({}, 11).status, 400U);
  EXPECT_EQ(check_framing({}, 10).status, 0U);
  EXPECT_EQ(check_framing({{"Host", "a"}, {"host", "a"}}, 11).status, 400U);
  EXPECT_EQ(check_framing({{"Host", "a"}, {"Host", "a"}}, 10).status, 400U);
  for (const std::string_view good : {"example.com", "example.com:8080", "127.0.0.1:1", "[::1]",
                                      "[::1]:80", "xn--80a.xn--p1ai", "a_b.example"}) {
    EXPECT_TRUE(valid_host(good)) << good;
  }
  for (const std::string_view bad : {"", " ", "a b", "user@host", "a/b", "a:b:c", "[::1", "[]",
                                     "[::1]x", ":80", "a:123456", "a:8o", "a\\b", "[g::1]"}) {
    EXPECT_FALSE(valid_host(bad)) << bad;
    EXPECT_EQ(check_framing({{"Host", bad}}, 11).status, 400U) << bad;
  }
}

TEST(framing, origin_and_fetch_site_at_most_once) {
  EXPECT_EQ(check_framing({{"Host", "a"}, {"Origin", "x"}, {"origin", "x"}}, 11).status, 400U);
  EXPECT_EQ(
      check_framing({{"Host", "a"}, {"Sec-Fetch-Site", "x"}, {"SEC-FETCH-SITE", "x"}}, 11).status,
      400U);
  EXPECT_EQ(check_framing({{"Host", "a"}, {"Origin", "x"}, {"Sec-Fetch-Site", "x"}}, 11).status,
            0U);
}

}  // namespace
}  // namespace landing::http
