#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace date {
class time_zone;
}

// When the digest goes to the studio's chat, and which days it covers: each period's digest is
// due at 09:00 in the studio's time zone on the day after the period ends (weekly: Monday, for
// Monday to Sunday; daily: each day, for the day before).
namespace landing::digest {

enum class cadence { off, daily, weekly };

// "weekly", "daily" or "off"; nothing for any other word.
std::optional<cadence> cadence_named(std::string_view name);
std::string_view name_of(cadence every);

// A zone of the system's time zone database ("Europe/Moscow"), or nullptr for a name it does not
// know. The database is read once, at the first call.
const date::time_zone* zone_named(std::string_view name);
// Why zone_named(name) gives nullptr, for the operator: the system has no time zone database at
// all (a minimal root file system, a container without tzdata), or it lacks that zone. Empty when
// the zone is there.
std::string zone_problem(std::string_view name);

struct period {
  cadence every = cadence::weekly;
  // Its first and last local dates, as day numbers (days since 1970-01-01). The figures are
  // kept per UTC day, so the digest counts the UTC days of these dates.
  std::int64_t first_day = 0;
  std::int64_t last_day = 0;
  std::int64_t due_at_ms = 0;  // 09:00 local on the day after last_day, as unix ms
  // What the store keys the digest by, so each period's is sent once: "weekly 2026-11-16",
  // "daily 2026-11-27" (the first date).
  std::string key;

  // The period of the same length just before this one, for the changes the digest shows (its
  // due_at_ms is 0: it is compared with, not sent).
  [[nodiscard]] period before() const;
  friend bool operator==(const period&, const period&) = default;
};

// The latest period whose digest is due at or before now_ms: the one to send now if it has not
// been sent. Never for cadence off.
std::optional<period> latest_due(cadence every, const date::time_zone& zone, std::int64_t now_ms);
// The latest period due by the end of a local date (a day number): the one sent that day, or
// the one before for a weekly digest on another day than Monday.
std::optional<period> latest_due_on(cadence every, const date::time_zone& zone, std::int64_t day);
// When the next digest after now_ms falls due (unix ms); nothing for cadence off.
std::optional<std::int64_t> next_due(cadence every, const date::time_zone& zone,
                                     std::int64_t now_ms);

}  // namespace landing::digest
