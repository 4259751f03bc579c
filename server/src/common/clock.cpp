#include "common/clock.hpp"

#include <array>
#include <atomic>
#include <cstdio>
#include <limits>

namespace landing::clock {
namespace {

// Not a time anyone sets (it is before the Big Bang): the clock is the system's.
constexpr std::int64_t not_set = std::numeric_limits<std::int64_t>::min();

// Read on every now_ms() by every thread: one atomic word, no lock.
std::atomic<std::int64_t> set_ms{not_set};

std::int64_t system_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::int64_t now_ms() {
  const auto set = set_ms.load();
  return set == not_set ? system_ms() : set;
}

void set_for_testing(std::int64_t unix_ms) { set_ms.store(unix_ms); }

void advance(std::chrono::milliseconds by) {
  auto was = set_ms.load();
  while (!set_ms.compare_exchange_weak(was, (was == not_set ? system_ms() : was) + by.count())) {
  }
}

void reset() { set_ms.store(not_set); }

std::int64_t today_utc() { return day_utc(now_ms()); }

std::int64_t day_utc(std::int64_t unix_ms) {
  return std::chrono::floor<std::chrono::days>(std::chrono::milliseconds(unix_ms)).count();
}

std::string format_day(std::int64_t day) {
  const std::chrono::year_month_day date{std::chrono::sys_days{std::chrono::days{day}}};
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%04d-%02u-%02u", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
  return text.data();
}

std::optional<std::int64_t> parse_day(const std::string& text) {
  int y = 0;
  unsigned m = 0;
  unsigned d = 0;
  char extra = 0;
  if (std::sscanf(text.c_str(), "%4d-%2u-%2u%c", &y, &m, &d, &extra) != 3 || text.size() != 10) {
    return std::nullopt;
  }
  const std::chrono::year_month_day date{std::chrono::year{y}, std::chrono::month{m},
                                         std::chrono::day{d}};
  if (!date.ok()) return std::nullopt;
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::sys_days{date}.time_since_epoch())
      .count();
}

}  // namespace landing::clock
