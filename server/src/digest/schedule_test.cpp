#include "digest/schedule.hpp"

#include <gtest/gtest.h>

#include "common/clock.hpp"

namespace landing::digest {
namespace {

// Unix ms of a UTC date and time.
std::int64_t utc(const std::string& day, int hour, int minute = 0, int second = 0) {
  return *clock::parse_day(day) + ((hour * 60LL + minute) * 60 + second) * 1000;
}

std::int64_t day(const std::string& text) { return *clock::parse_day(text) / 86'400'000; }

const date::time_zone& zone(const char* name) {
  const auto* found = zone_named(name);
  if (!found) throw std::runtime_error(std::string("no zone ") + name);
  return *found;
}

TEST(digest_schedule, weekly_in_moscow_is_due_monday_at_nine_for_monday_to_sunday) {
  const auto& moscow = zone("Europe/Moscow");  // UTC+3 all year
  // Monday 30 November 2026, 08:59:59 in Moscow: last Monday's digest is still the latest.
  const auto before = latest_due(cadence::weekly, moscow, utc("2026-11-30", 5, 59, 59));
  ASSERT_TRUE(before);
  EXPECT_EQ(before->first_day, day("2026-11-16"));
  EXPECT_EQ(before->last_day, day("2026-11-22"));
  EXPECT_EQ(before->due_at_ms, utc("2026-11-23", 6));
  EXPECT_EQ(before->key, "weekly 2026-11-16");
  EXPECT_EQ(next_due(cadence::weekly, moscow, utc("2026-11-30", 5, 59, 59)), utc("2026-11-30", 6));
  // At 09:00 the week just ended is due, and the next one a week later.
  const auto at_nine = latest_due(cadence::weekly, moscow, utc("2026-11-30", 6));
  ASSERT_TRUE(at_nine);
  EXPECT_EQ(at_nine->first_day, day("2026-11-23"));
  EXPECT_EQ(at_nine->last_day, day("2026-11-29"));
  EXPECT_EQ(at_nine->key, "weekly 2026-11-23");
  EXPECT_EQ(next_due(cadence::weekly, moscow, utc("2026-11-30", 6)), utc("2026-12-07", 6));
  // Any time of the week in between: the same period.
  EXPECT_EQ(latest_due(cadence::weekly, moscow, utc("2026-12-06", 20, 59)), at_nine);
  EXPECT_EQ(latest_due(cadence::weekly, moscow, utc("2026-12-06", 21, 0))->key,
            "weekly 2026-11-23");  // Monday 00:00 in Moscow, but not 09:00 yet
}

TEST(digest_schedule, daily_covers_the_day_before_and_turns_at_nine_local) {
  const auto& moscow = zone("Europe/Moscow");
  const auto late = latest_due(cadence::daily, moscow, utc("2026-11-28", 5, 59));
  ASSERT_TRUE(late);
  EXPECT_EQ(late->first_day, day("2026-11-26"));
  EXPECT_EQ(late->last_day, day("2026-11-26"));
  EXPECT_EQ(late->key, "daily 2026-11-26");
  const auto due = latest_due(cadence::daily, moscow, utc("2026-11-28", 6));
  EXPECT_EQ(due->first_day, day("2026-11-27"));
  EXPECT_EQ(due->due_at_ms, utc("2026-11-28", 6));
  EXPECT_EQ(next_due(cadence::daily, moscow, utc("2026-11-28", 6)), utc("2026-11-29", 6));
  // Past midnight UTC it is still the same local evening for a zone behind UTC.
  const auto& new_york = zone("America/New_York");
  EXPECT_EQ(latest_due(cadence::daily, new_york, utc("2026-11-28", 2))->key, "daily 2026-11-26");
}

TEST(digest_schedule, nine_oclock_follows_the_clock_changes_of_a_zone_with_summer_time) {
  const auto& berlin = zone("Europe/Berlin");  // CET +1, CEST +2 from 29 March 2026
  EXPECT_EQ(latest_due(cadence::weekly, berlin, utc("2026-03-23", 8))->due_at_ms,
            utc("2026-03-23", 8));
  // The Monday after the change: 09:00 is 07:00 UTC, an hour earlier than the week before.
  EXPECT_EQ(latest_due(cadence::weekly, berlin, utc("2026-03-30", 6, 59))->key,
            "weekly 2026-03-16");
  const auto summer = latest_due(cadence::weekly, berlin, utc("2026-03-30", 7));
  EXPECT_EQ(summer->key, "weekly 2026-03-23");
  EXPECT_EQ(summer->due_at_ms, utc("2026-03-30", 7));
  EXPECT_EQ(next_due(cadence::weekly, berlin, utc("2026-03-23", 8)), utc("2026-03-30", 7));
  // And back in October (25 October 2026): 09:00 is 08:00 UTC again.
  EXPECT_EQ(next_due(cadence::weekly, berlin, utc("2026-10-20", 12)), utc("2026-10-26", 8));
  const auto& new_york = zone("America/New_York");  // EDT -4 until 1 November 2026, then EST -5
  EXPECT_EQ(next_due(cadence::daily, new_york, utc("2026-10-31", 12)), utc("2026-10-31", 13));
  EXPECT_EQ(next_due(cadence::daily, new_york, utc("2026-10-31", 13)), utc("2026-11-01", 14));
}

TEST(digest_schedule, the_period_before_has_the_same_length_and_off_has_none) {
  const auto& moscow = zone("Europe/Moscow");
  const auto week = *latest_due(cadence::weekly, moscow, utc("2026-11-30", 6));
  const auto previous = week.before();
  EXPECT_EQ(previous.first_day, day("2026-11-16"));
  EXPECT_EQ(previous.last_day, day("2026-11-22"));
  EXPECT_EQ(previous.key, "weekly 2026-11-16");
  EXPECT_EQ(latest_due(cadence::daily, moscow, utc("2026-11-28", 6))->before().key,
            "daily 2026-11-26");
  EXPECT_FALSE(latest_due(cadence::off, moscow, utc("2026-11-30", 6)));
  EXPECT_FALSE(next_due(cadence::off, moscow, utc("2026-11-30", 6)));
}

TEST(digest_schedule, the_digest_of_a_date_is_the_one_due_by_its_end) {
  const auto& moscow = zone("Europe/Moscow");
  EXPECT_EQ(latest_due_on(cadence::weekly, moscow, day("2026-11-30"))->key, "weekly 2026-11-23");
  EXPECT_EQ(latest_due_on(cadence::weekly, moscow, day("2026-12-06"))->key, "weekly 2026-11-23");
  EXPECT_EQ(latest_due_on(cadence::daily, moscow, day("2026-11-28"))->key, "daily 2026-11-27");
  // Far east of UTC, the date's end is well into the next UTC day: still that date's digest.
  const auto& kiritimati = zone("Pacific/Kiritimati");  // UTC+14
  EXPECT_EQ(latest_due_on(cadence::daily, kiritimati, day("2026-11-28"))->key, "daily 2026-11-27");
  const auto& samoa = zone("Pacific/Pago_Pago");  // UTC-11
  EXPECT_EQ(latest_due_on(cadence::daily, samoa, day("2026-11-28"))->key, "daily 2026-11-27");
}

TEST(digest_schedule, names_are_checked) {
  EXPECT_EQ(cadence_named("weekly"), cadence::weekly);
  EXPECT_EQ(cadence_named("daily"), cadence::daily);
  EXPECT_EQ(cadence_named("off"), cadence::off);
  EXPECT_FALSE(cadence_named("Weekly"));
  EXPECT_FALSE(cadence_named("monthly"));
  EXPECT_NE(zone_named("Europe/Moscow"), nullptr);
  EXPECT_EQ(zone_named("Mars/Olympus_Mons"), nullptr);
  EXPECT_EQ(zone_named(""), nullptr);
}

}  // namespace
}  // namespace landing::digest
