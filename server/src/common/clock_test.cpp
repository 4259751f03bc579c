#include "common/clock.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace landing::clock {
namespace {

using namespace std::chrono_literals;

std::int64_t system_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

TEST(clock, follows_the_system_clock_when_not_set) {
  const auto before = system_ms();
  const auto now = now_ms();
  const auto after = system_ms();
  EXPECT_LE(before, now);
  EXPECT_LE(now, after);
}

TEST(clock, a_set_clock_is_what_now_returns_until_advanced) {
  const fake at(1700000000000);
  EXPECT_EQ(now_ms(), 1700000000000);
  std::this_thread::sleep_for(5ms);
  EXPECT_EQ(now_ms(), 1700000000000);  // it does not run on by itself
  advance(30min);
  EXPECT_EQ(now_ms(), 1700000000000 + 30 * 60'000);
  set_for_testing(0);  // the epoch is a time like any other
  EXPECT_EQ(now_ms(), 0);
}

TEST(clock, reset_returns_to_the_real_time) {
  set_for_testing(1000);
  reset();
  const auto before = system_ms();
  const auto now = now_ms();
  EXPECT_LE(before, now);
  EXPECT_LE(now, system_ms());
}

TEST(clock, the_fake_resets_when_its_scope_ends) {
  { const fake at(42); }
  EXPECT_GE(now_ms(), 1700000000000);
}

TEST(clock, advancing_an_unset_clock_starts_from_the_real_time) {
  const auto before = system_ms();
  advance(1h);
  const auto now = now_ms();
  reset();
  EXPECT_GE(now, before + 3'600'000);
  EXPECT_LE(now, system_ms() + 3'600'000);
}

TEST(clock, advances_from_several_threads_all_count) {
  const fake at(0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([] {
      for (int i = 0; i < 1000; ++i) advance(1ms);
    });
  }
  for (auto& each : threads) each.join();
  EXPECT_EQ(now_ms(), 4000);
}

TEST(clock, a_unix_time_falls_on_its_utc_day_from_midnight_to_the_last_millisecond) {
  constexpr std::int64_t day_ms = 86'400'000;
  for (const std::int64_t day : {0, 1, 20400}) {
    EXPECT_EQ(day_utc(day * day_ms), day);
    EXPECT_EQ(day_utc(day * day_ms + day_ms - 1), day);
    EXPECT_EQ(format_day(day_utc(day * day_ms + 3'600'000)), format_day(day));
  }
  // Before 1970 the day is rounded down, not toward zero.
  EXPECT_EQ(day_utc(-1), -1);
  const fake at(20400 * day_ms + 5);
  EXPECT_EQ(today_utc(), day_utc(now_ms()));
}

}  // namespace
}  // namespace landing::clock
