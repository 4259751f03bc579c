#include "leads/rate_limit.hpp"

#include <gtest/gtest.h>

namespace landing::leads {
namespace {

using namespace std::chrono_literals;

TEST(rate_limit, allows_a_burst_then_refuses_with_retry_after) {
  rate_limiter limiter(3, 1);
  const auto t0 = rate_limiter::clock::now();
  EXPECT_EQ(limiter.acquire("a", t0), 0);
  EXPECT_EQ(limiter.acquire("a", t0), 0);
  EXPECT_EQ(limiter.acquire("a", t0), 0);
  EXPECT_EQ(limiter.acquire("a", t0), 60);
  EXPECT_EQ(limiter.acquire("a", t0 + 30s), 30);
}

TEST(rate_limit, refills_one_token_per_interval) {
  rate_limiter limiter(1, 2);
  const auto t0 = rate_limiter::clock::now();
  EXPECT_EQ(limiter.acquire("a", t0), 0);
  EXPECT_GT(limiter.acquire("a", t0 + 10s), 0);
  EXPECT_EQ(limiter.acquire("a", t0 + 31s), 0);
}

TEST(rate_limit, clients_have_separate_buckets) {
  rate_limiter limiter(1, 1);
  const auto t0 = rate_limiter::clock::now();
  EXPECT_EQ(limiter.acquire("a", t0), 0);
  EXPECT_GT(limiter.acquire("a", t0), 0);
  EXPECT_EQ(limiter.acquire("b", t0), 0);
}

}  // namespace
}  // namespace landing::leads
