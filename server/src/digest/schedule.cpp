#include "digest/schedule.hpp"

#include <date/tz.h>

#include <filesystem>

#include "common/clock.hpp"

namespace landing::digest {
namespace {

using namespace std::chrono;

constexpr hours send_hour{9};

std::int64_t day_number(date::local_days day) { return day.time_since_epoch().count(); }

// 09:00 on `day` in `zone`. Where a clock change skips or repeats that hour, the earlier
// instant: a digest is never held back by a change of clocks.
std::int64_t send_time(const date::time_zone& zone, date::local_days day) {
  const auto local = date::local_time<milliseconds>(day + send_hour);
  return zone.to_sys(local, date::choose::earliest).time_since_epoch().count();
}

period make(cadence every, const date::time_zone& zone, date::local_days send_day) {
  const auto length = every == cadence::weekly ? days(7) : days(1);
  period out;
  out.every = every;
  out.first_day = day_number(send_day - length);
  out.last_day = day_number(send_day - days(1));
  out.due_at_ms = send_time(zone, send_day);
  out.key = std::string(name_of(every)) + " " + clock::format_day(out.first_day);
  return out;
}

// The send day of the latest digest due at or before now.
std::optional<date::local_days> latest_send_day(cadence every, const date::time_zone& zone,
                                                std::int64_t now_ms) {
  if (every == cadence::off) return std::nullopt;
  const auto now = sys_time<milliseconds>(milliseconds(now_ms));
  const auto today = floor<days>(zone.to_local(now));
  auto day = today;
  if (every == cadence::weekly) {
    // Back to this week's Monday (date::weekday: Sunday 0, Monday 1).
    const auto since_monday = (date::weekday(today) - date::Monday).count();
    day = today - days(since_monday);
  }
  if (now_ms < send_time(zone, day)) day -= every == cadence::weekly ? days(7) : days(1);
  return day;
}

}  // namespace

std::optional<cadence> cadence_named(std::string_view name) {
  if (name == "weekly") return cadence::weekly;
  if (name == "daily") return cadence::daily;
  if (name == "off") return cadence::off;
  return std::nullopt;
}

std::string_view name_of(cadence every) {
  switch (every) {
    case cadence::weekly:
      return "weekly";
    case cadence::daily:
      return "daily";
    case cadence::off:
      return "off";
  }
  return "off";
}

const date::time_zone* zone_named(std::string_view name) {
  try {
    return date::locate_zone(name);
  } catch (const std::exception&) {
    return nullptr;
  }
}

std::string zone_problem(std::string_view name) {
  if (zone_named(name)) return {};
  // Howard Hinnant's date reads the system's compiled zones (USE_OS_TZDB) from this folder, and
  // from nowhere else on Linux (it reads no TZDIR).
  const std::string folder = "/usr/share/zoneinfo";
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error) ||
      !std::filesystem::exists(std::filesystem::path(folder) / "UTC", error)) {
    return "the system has no time zone database (" + folder +
           " is missing or empty): install the tzdata package, or set --digest off";
  }
  return "no time zone named '" + std::string(name) + "' in the system's tzdata (" + folder +
         "); e.g. Europe/Moscow or UTC";
}

period period::before() const {
  const auto length = every == cadence::weekly ? 7 : 1;
  period out = *this;
  out.first_day -= length;
  out.last_day -= length;
  out.due_at_ms = 0;  // a period to compare with, not one to send
  out.key = std::string(name_of(every)) + " " + clock::format_day(out.first_day);
  return out;
}

std::optional<period> latest_due(cadence every, const date::time_zone& zone, std::int64_t now_ms) {
  const auto day = latest_send_day(every, zone, now_ms);
  if (!day) return std::nullopt;
  return make(every, zone, *day);
}

std::optional<period> latest_due_on(cadence every, const date::time_zone& zone, std::int64_t day) {
  const auto last_moment =
      date::local_time<milliseconds>(date::local_days(days(day + 1))) - milliseconds(1);
  return latest_due(every, zone,
                    zone.to_sys(last_moment, date::choose::latest).time_since_epoch().count());
}

std::optional<std::int64_t> next_due(cadence every, const date::time_zone& zone,
                                     std::int64_t now_ms) {
  const auto day = latest_send_day(every, zone, now_ms);
  if (!day) return std::nullopt;
  return send_time(zone, *day + (every == cadence::weekly ? days(7) : days(1)));
}

}  // namespace landing::digest
