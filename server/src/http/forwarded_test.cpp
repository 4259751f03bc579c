#include "http/forwarded.hpp"

#include <gtest/gtest.h>

namespace landing::http {
namespace {

request from(std::string peer, std::vector<std::pair<std::string_view, std::string_view>> headers) {
  request req;
  req.peer = std::move(peer);
  req.headers = std::move(headers);
  return req;
}

TEST(forwarded, parses_ranges_and_refuses_nonsense) {
  EXPECT_TRUE(parse_network("127.0.0.1/32").contains(boost::asio::ip::make_address("127.0.0.1")));
  EXPECT_FALSE(parse_network("127.0.0.1/32").contains(boost::asio::ip::make_address("127.0.0.2")));
  EXPECT_TRUE(parse_network("10.0.0.0/8").contains(boost::asio::ip::make_address("10.9.8.7")));
  EXPECT_TRUE(parse_network("10.1.2.3").contains(boost::asio::ip::make_address("10.1.2.3")));
  EXPECT_TRUE(parse_network("fd00::/8").contains(boost::asio::ip::make_address("fd12::1")));
  EXPECT_FALSE(parse_network("fd00::/8").contains(boost::asio::ip::make_address("10.0.0.1")));
  // A v4-mapped peer (a dual-stack socket) is the IPv4 address it maps.
  EXPECT_TRUE(
      parse_network("127.0.0.0/8").contains(boost::asio::ip::make_address("::ffff:127.0.0.9")));
  EXPECT_EQ(parse_networks("127.0.0.1/32, ::1/128").size(), 2U);
  for (const char* bad : {"", "nonsense", "10.0.0.0/33", "::1/129", "10.0.0.0/", "10.0.0.0/x"}) {
    EXPECT_THROW(parse_network(bad), std::invalid_argument) << bad;
  }
}

TEST(forwarded, believes_the_header_only_from_a_trusted_proxy) {
  const auto proxies = parse_networks("127.0.0.1/32");
  EXPECT_EQ(client_address(from("203.0.113.5", {{"X-Forwarded-For", "1.1.1.1"}}), proxies),
            "203.0.113.5");
  EXPECT_EQ(client_address(from("127.0.0.1", {{"X-Forwarded-For", "1.1.1.1"}}), {}), "127.0.0.1");
  EXPECT_EQ(client_address(from("127.0.0.1", {{"X-Forwarded-For", "1.1.1.1"}}), proxies),
            "1.1.1.1");
}

TEST(forwarded, takes_the_entry_the_proxy_appended_across_every_header_line) {
  const auto proxies = parse_networks("127.0.0.1/32");
  // The client's own lines come first; the proxy appends to the last one (or adds a line).
  for (const auto& lines : std::vector<std::vector<std::pair<std::string_view, std::string_view>>>{
           {{"X-Forwarded-For", "6.6.6.6"}, {"X-Forwarded-For", "2.2.2.2"}},
           {{"X-Forwarded-For", "6.6.6.6, 7.7.7.7"}, {"x-forwarded-for", "5.5.5.5, 2.2.2.2"}},
           {{"X-Forwarded-For", "6.6.6.6"}, {"Other", "x"}, {"X-Forwarded-For", " 2.2.2.2 "}},
           {{"X-Forwarded-For", "6.6.6.6,2.2.2.2"}},
       }) {
    EXPECT_EQ(client_address(from("127.0.0.1", lines), proxies), "2.2.2.2");
  }
}

TEST(forwarded, skips_trusted_hops_and_stops_at_anything_else) {
  const auto proxies = parse_networks("127.0.0.1/32,10.0.0.0/8");
  EXPECT_EQ(client_address(from("127.0.0.1", {{"X-Forwarded-For", "6.6.6.6, 2.2.2.2, 10.1.1.1"}}),
                           proxies),
            "2.2.2.2");
  // Not an address: the chain is broken there, so the last trusted hop is all that is known.
  EXPECT_EQ(client_address(from("127.0.0.1", {{"X-Forwarded-For", "2.2.2.2, garbage, 10.1.1.1"}}),
                           proxies),
            "10.1.1.1");
  EXPECT_EQ(client_address(from("127.0.0.1", {{"X-Forwarded-For", ""}}), proxies), "127.0.0.1");
  EXPECT_EQ(client_address(from("127.0.0.1", {{"X-Forwarded-For", "[2001:db8::1]:4711"}}), proxies),
            "2001:db8::1");
  EXPECT_EQ(client_address(from("127.0.0.1", {{"X-Forwarded-For", "198.51.100.7:80"}}), proxies),
            "198.51.100.7");
}

// The operator's views: a loopback peer with nothing forwarded. Any other peer, or any request a
// proxy forwarded (even from this machine), is a visitor's.
TEST(forwarded, only_a_direct_request_from_this_machine_is_the_operators) {
  for (const auto* peer : {"127.0.0.1", "127.3.2.1", "::1", "::ffff:127.0.0.1"}) {
    EXPECT_TRUE(is_direct_from_this_machine(from(peer, {}))) << peer;
    EXPECT_FALSE(is_direct_from_this_machine(from(peer, {{"X-Forwarded-For", "127.0.0.1"}})))
        << peer;
    EXPECT_FALSE(is_direct_from_this_machine(from(peer, {{"forwarded", "for=127.0.0.1"}}))) << peer;
  }
  for (const auto* peer : {"203.0.113.9", "10.0.0.1", "192.168.1.2", "2001:db8::1", "::", "0.0.0.0",
                           "::ffff:10.0.0.1", "", "not an address"}) {
    EXPECT_FALSE(is_direct_from_this_machine(from(peer, {}))) << peer;
  }
}

}  // namespace
}  // namespace landing::http
