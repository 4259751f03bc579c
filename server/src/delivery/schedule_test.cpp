#include "delivery/schedule.hpp"

#include <gtest/gtest.h>

namespace landing::delivery {
namespace {

TEST(schedule, each_retry_is_its_delay_within_twenty_percent_and_the_tenth_attempt_is_the_last) {
  std::mt19937_64 random(7);
  std::int64_t total_min = 0;
  for (int attempt = 1; attempt <= static_cast<int>(retry_delays.size()); ++attempt) {
    const auto base = std::chrono::duration_cast<std::chrono::milliseconds>(
                          retry_delays[static_cast<std::size_t>(attempt - 1)])
                          .count();
    std::int64_t low = base * 2;
    std::int64_t high = 0;
    for (int sample = 0; sample < 200; ++sample) {
      const auto delay = retry_delay_ms(attempt, random);
      ASSERT_TRUE(delay) << attempt;
      low = std::min(low, *delay);
      high = std::max(high, *delay);
    }
    EXPECT_GE(low, base * 8 / 10) << attempt;
    EXPECT_LE(high, base * 12 / 10) << attempt;
    EXPECT_LT(low, base) << "jitter moves it down too";
    EXPECT_GT(high, base) << "and up";
    total_min += base;
  }
  EXPECT_FALSE(retry_delay_ms(max_attempts, random)) << "after the tenth attempt it gives up";
  EXPECT_FALSE(retry_delay_ms(0, random));
  EXPECT_EQ(max_attempts, 10);
  // About 75 hours from the first attempt to the last.
  EXPECT_GT(total_min, 74LL * 3600 * 1000);
  EXPECT_LT(total_min, 76LL * 3600 * 1000);
}

TEST(schedule, retry_after_reads_seconds_and_http_dates_within_a_second_and_a_day) {
  const std::int64_t now = 1'784'000'000'000;  // 2026-07-14T03:33:20Z
  EXPECT_EQ(retry_after_ms("3", now), 3000);
  EXPECT_EQ(retry_after_ms(" 120 ", now), 120000);
  EXPECT_EQ(retry_after_ms("0", now), 1000) << "at least a second";
  EXPECT_EQ(retry_after_ms("999999999999999999999999", now), 86'400'000);
  EXPECT_EQ(retry_after_ms("172800", now), 86'400'000) << "at most a day";
  EXPECT_EQ(retry_after_ms("Tue, 14 Jul 2026 03:35:20 GMT", now), 120000);
  EXPECT_EQ(retry_after_ms("Tue, 14 Jul 2026 03:00:00 GMT", now), 1000) << "a past date";
  for (const char* bad : {"", "soon", "-5", "1.5", "3s", "Tue, 14 Jul 2026 03:35:20 UTC"}) {
    EXPECT_FALSE(retry_after_ms(bad, now)) << bad;
  }
}

}  // namespace
}  // namespace landing::delivery
