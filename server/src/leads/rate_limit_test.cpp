#include "leads/rate_limit.hpp"

#include <gtest/gtest.h>

#include <string>

namespace landing::leads {
namespace {

using namespace std::chrono_literals;

// The i-th of many distinct client addresses.
std::string nth_address(int i) {
  return "10." + std::to_string((i >> 16) & 255) + "." + std::to_string((i >> 8) & 255) + "." +
         std::to_string(i & 255);
}

TEST(rate_limit, allows_a_burst_then_refuses_with_retry_after) {
  rate_limiter limiter(3, 1);
  const auto t0 = rate_limiter::clock::now();
  EXPECT_EQ(limiter.acquire("192.0.2.1", t0), 0);
  EXPECT_EQ(limiter.acquire("192.0.2.1", t0), 0);
  EXPECT_EQ(limiter.acquire("192.0.2.1", t0), 0);
  EXPECT_EQ(limiter.acquire("192.0.2.1", t0), 60);
  EXPECT_EQ(limiter.acquire("192.0.2.1", t0 + 30s), 30);
}

TEST(rate_limit, refills_one_token_per_interval) {
  rate_limiter limiter(1, 2);
  const auto t0 = rate_limiter::clock::now();
  EXPECT_EQ(limiter.acquire("192.0.2.1", t0), 0);
  EXPECT_GT(limiter.acquire("192.0.2.1", t0 + 10s), 0);
  EXPECT_EQ(limiter.acquire("192.0.2.1", t0 + 31s), 0);
}

TEST(rate_limit, clients_have_separate_buckets) {
  rate_limiter limiter(1, 1);
  const auto t0 = rate_limiter::clock::now();
  EXPECT_EQ(limiter.acquire("192.0.2.1", t0), 0);
  EXPECT_GT(limiter.acquire("192.0.2.1", t0), 0);
  EXPECT_EQ(limiter.acquire("192.0.2.2", t0), 0);
}

TEST(rate_limit, keeps_at_most_max_clients_and_prunes_rarely) {
  rate_limiter limiter(2, 1, 1000);
  const auto t0 = rate_limiter::clock::now();
  // Every client spends a token, so no bucket is full and refilled ones cannot be dropped:
  // the oldest must go. Before, each request past the cap scanned the whole table again.
  for (int i = 0; i < 10000; ++i) {
    EXPECT_EQ(limiter.acquire(nth_address(i), t0 + std::chrono::milliseconds(i)), 0);
    ASSERT_LE(limiter.clients(), 1000U);
  }
  // Each prune leaves half the cap, so 10 000 clients take about 10 000 / 500 passes.
  EXPECT_LE(limiter.prunes(), 20U);
  // The newest clients kept their buckets: the last one has one token left, then none.
  const auto later = t0 + std::chrono::milliseconds(10000);
  EXPECT_EQ(limiter.acquire(nth_address(9999), later), 0);
  EXPECT_GT(limiter.acquire(nth_address(9999), later), 0);
}

TEST(rate_limit, prunes_clients_seen_at_the_same_instant) {
  rate_limiter limiter(2, 1, 100);
  const auto t0 = rate_limiter::clock::now();
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(limiter.acquire(nth_address(i), t0), 0);
  EXPECT_LE(limiter.clients(), 100U);
  EXPECT_LE(limiter.prunes(), 20U);
}

TEST(rate_limit, drops_refilled_buckets_before_recent_ones) {
  rate_limiter limiter(1, 60, 4);
  const auto t0 = rate_limiter::clock::now();
  EXPECT_EQ(limiter.acquire("198.51.100.1", t0), 0);
  EXPECT_EQ(limiter.acquire("198.51.100.2", t0), 0);
  EXPECT_EQ(limiter.acquire("2001:db8:0:1::1", t0 + 10s), 0);
  EXPECT_EQ(limiter.acquire("198.51.100.3", t0 + 10s), 0);
  // The fifth client prunes: the old buckets have refilled (one token a second) and go; the
  // recent one is empty and stays, so its owner is still refused.
  EXPECT_EQ(limiter.acquire("2001:db8:0:2::1", t0 + 10500ms), 0);
  EXPECT_EQ(limiter.clients(), 3U);
  EXPECT_GT(limiter.acquire("2001:db8:0:1::1", t0 + 10500ms), 0);
}

TEST(rate_limit, keys_a_client_by_its_address_not_its_spelling) {
  rate_limiter limiter(1, 1);
  const auto t0 = rate_limiter::clock::now();
  EXPECT_EQ(limiter.acquire("192.0.2.7", t0), 0);
  EXPECT_GT(limiter.acquire("::ffff:192.0.2.7", t0), 0);
  EXPECT_EQ(limiter.acquire("2001:db8::7", t0), 0);
  EXPECT_GT(limiter.acquire("2001:0db8:0000::0007", t0), 0);
  // ::7 (IPv4-compatible, not mapped) is another address than 0.0.0.7.
  EXPECT_EQ(limiter.acquire("::7", t0), 0);
  EXPECT_EQ(limiter.acquire("0.0.0.7", t0), 0);
  EXPECT_EQ(limiter.clients(), 4U);
}

TEST(rate_limit, text_that_is_no_address_shares_one_bucket) {
  rate_limiter limiter(1, 1);
  const auto t0 = rate_limiter::clock::now();
  EXPECT_EQ(key_of("not an address"), address_key{});
  EXPECT_EQ(key_of(""), address_key{});
  EXPECT_EQ(limiter.acquire("unknown", t0), 0);
  EXPECT_GT(limiter.acquire("", t0), 0);
  EXPECT_GT(limiter.acquire("1.2.3.4.5", t0), 0);
  EXPECT_EQ(limiter.acquire("192.0.2.9", t0), 0);
}

TEST(rate_limit, keys_are_sixteen_bytes_and_an_ipv6_address_its_64_prefix) {
  const address_key mapped{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 192, 0, 2, 1};
  EXPECT_EQ(key_of("192.0.2.1"), mapped);
  EXPECT_EQ(key_of("::ffff:192.0.2.1"), mapped);
  const address_key v6{0x20, 0x01, 0x0d, 0xb8, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(key_of("2001:db8:1:2::1"), v6);
  EXPECT_EQ(key_of("2001:db8:1:2:ffff:ffff:ffff:ffff"), v6);
  EXPECT_NE(key_of("2001:db8:1:3::1"), v6);
  EXPECT_EQ(key_text("2001:db8:1:2:abcd::9"), "2001:db8:1:2::/64");
  EXPECT_EQ(key_text("192.0.2.1"), "192.0.2.1");
  EXPECT_EQ(key_text("::ffff:192.0.2.1"), "192.0.2.1");
}

// A host holds its whole /64: a fresh address per request is still the same client.
TEST(rate_limit, every_address_of_one_64_prefix_shares_one_bucket) {
  rate_limiter limiter(3, 1);
  const auto t0 = rate_limiter::clock::now();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(limiter.acquire("2001:db8:7:7:" + std::to_string(1000 + i) + "::1", t0), 0);
  }
  for (int i = 0; i < 20; ++i) {
    EXPECT_GT(limiter.acquire("2001:db8:7:7:" + std::to_string(2000 + i) + ":1:2:3", t0), 0) << i;
  }
  EXPECT_EQ(limiter.acquire("2001:db8:7:8::1", t0), 0);
  EXPECT_EQ(limiter.clients(), 2U);
}

}  // namespace
}  // namespace landing::leads
