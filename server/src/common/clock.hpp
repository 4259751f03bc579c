#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

// The one wall clock of the server: what rules (pacing, reminders, retention, rate limits) and
// timestamps call now. Tests set it to test time rules without waiting; it is a process-wide
// setting, so it only reaches code in the test's own process, never a server it starts.
// Deadlines and timeouts stay on std::chrono::steady_clock, which a wall clock's jumps (NTP, an
// operator's `date -s`) must not shorten or stretch.
namespace landing::clock {

// Unix time in milliseconds: the system's, or the one a test set.
std::int64_t now_ms();

// Today as a UTC day number (days since 1970-01-01), on now_ms()'s clock.
std::int64_t today_utc();
// The UTC day number a unix time in milliseconds falls on.
std::int64_t day_utc(std::int64_t unix_ms);
// A UTC day number as YYYY-MM-DD.
std::string format_day(std::int64_t day);
// A day as YYYY-MM-DD (UTC) to the unix ms it starts at; nothing when it is not one.
std::optional<std::int64_t> parse_day(const std::string& text);

// For tests: now_ms() returns unix_ms from here on, moved only by advance(), until reset().
void set_for_testing(std::int64_t unix_ms);
// Moves a set clock forward (a clock not set is set first, at the real time).
void advance(std::chrono::milliseconds by);
// Back to the system's clock.
void reset();

// A set clock for one test's scope: reset when the scope ends, also when an assertion returns
// early, so the next test in the process gets the real time.
class fake {
 public:
  explicit fake(std::int64_t unix_ms) { set_for_testing(unix_ms); }
  fake(const fake&) = delete;
  fake& operator=(const fake&) = delete;
  ~fake() { reset(); }
};

}  // namespace landing::clock
