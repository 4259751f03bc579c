#include "delivery/backoff.hpp"

#include <gtest/gtest.h>

namespace landing::delivery {
namespace {

using namespace std::chrono_literals;

TEST(backoff, doubles_each_attempt_within_the_jitter_band) {
  std::mt19937_64 random(42);
  const backoff_policy policy{1000ms, 60000ms};
  for (int attempt = 1; attempt <= 5; ++attempt) {
    const auto full = 1000ms * (1 << (attempt - 1));
    for (int sample = 0; sample < 50; ++sample) {
      const auto delay = backoff_delay(policy, attempt, random);
      EXPECT_GE(delay, full / 2);
      EXPECT_LE(delay, full);
    }
  }
}

TEST(backoff, never_exceeds_the_cap) {
  std::mt19937_64 random(7);
  const backoff_policy policy{1000ms, 5000ms};
  for (int attempt = 1; attempt <= 80; ++attempt) {
    EXPECT_LE(backoff_delay(policy, attempt, random), 5000ms);
  }
  EXPECT_GE(backoff_delay(policy, 80, random), 2500ms);
}

}  // namespace
}  // namespace landing::delivery
