#include "privacy/retention.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <thread>

#include "common/clock.hpp"
#include "postgres.hpp"
#include "storage/postgres/store.hpp"
#include "storage/sqlite/store.hpp"
#include "temp_folder.hpp"

namespace landing::privacy {
namespace {

constexpr std::int64_t start = 1'790'000'000'000;

std::string add(storage::lead_store& store) {
  return store
      .insert_batch({{{"Anna", "@anna", "a@b.co", "Hello"}, "en", "10.0.0.1", false}}, {"telegram"})
      .front();
}

TEST(retention, erases_leads_past_the_period_delivered_or_not_and_keeps_the_rest) {
  const testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  leads::lead_metrics stats;
  const clock::fake at(start);
  const auto delivered = add(store);
  store.mark_delivered("telegram", delivered, {start + 1000, "ok", 0}, {-100, 5});
  const auto undelivered = add(store);
  clock::advance(std::chrono::days(100));
  const auto younger = add(store);
  // The kept lead's delivery log: an attempt as old as the period goes, a newer one stays.
  store.reschedule("telegram", younger, clock::now_ms(), "HTTP 500", {start, "500", 3});
  store.reschedule("telegram", younger, clock::now_ms(), "HTTP 502", {clock::now_ms(), "502", 3});
  // The thread's own looks would race the passes below.
  retention purge(store, stats, {.days = 180, .follower_poll = std::chrono::hours(1), .batch = 1});

  // Day 179 of the first two: nothing is due.
  clock::advance(std::chrono::days(79));
  EXPECT_EQ(purge.purge_once(), 0U);
  // Past 180 days, both go, in batches of one, the undelivered one's delivery cancelled.
  clock::advance(std::chrono::days(1) + std::chrono::milliseconds(1));
  EXPECT_EQ(purge.purge_once(), 2U);
  EXPECT_FALSE(store.find(delivered));
  EXPECT_FALSE(store.find(undelivered));
  EXPECT_TRUE(store.find(younger));
  const auto log = store.attempts_of(younger);
  ASSERT_EQ(log.size(), 1U);
  EXPECT_EQ(log[0].attempt.result, "502");
  auto records = store.erasures(0);
  ASSERT_EQ(records.size(), 2U);
  if (records[0].lead_id != delivered) std::swap(records[0], records[1]);
  EXPECT_EQ(records[0].reason, "retention");
  EXPECT_EQ(records[0].delivery, "delivered");
  EXPECT_EQ(records[0].chat, "pending");
  EXPECT_EQ(records[1].lead_id, undelivered);
  EXPECT_EQ(records[1].delivery, "cancelled");
  EXPECT_EQ(records[1].chat, "none");
  EXPECT_EQ(store.chat_copies(std::numeric_limits<std::int64_t>::max(), 10).size(), 1U);
  const auto metrics = stats.render({});
  EXPECT_NE(metrics.find("landing_leads_purged_total 2"), std::string::npos);
  EXPECT_NE(metrics.find("landing_leads_purged_undelivered_total 1"), std::string::npos);
  // And the younger one in its turn.
  clock::advance(std::chrono::days(100));
  EXPECT_EQ(purge.purge_once(), 1U);
  purge.stop();
}

TEST(retention, of_replicas_on_one_database_only_the_leader_purges) {
  const auto uri = testing::postgres_server::shared().new_database();
  storage::postgres::store first(uri);
  storage::postgres::store second(uri);
  leads::lead_metrics stats;
  const clock::fake at(start);
  add(first);
  add(second);
  clock::advance(std::chrono::days(181));
  retention one(first, stats, {.follower_poll = std::chrono::hours(1)});
  retention two(second, stats, {.follower_poll = std::chrono::hours(1)});
  // Leadership settles within the session's first moments.
  for (int i = 0; i < 100 && first.leader() == second.leader(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_NE(first.leader(), second.leader());
  auto& follower = first.leader() ? two : one;
  auto& leader = first.leader() ? one : two;
  EXPECT_EQ(follower.purge_once(), 0U);
  EXPECT_EQ(leader.purge_once(), 2U);
  EXPECT_EQ(first.erasures(0).size(), 2U);
  one.stop();
  two.stop();
  first.stop();
  second.stop();
}

// Waits until the store has recorded `count` erasures; false after 10 s.
bool erasures_reach(storage::lead_store& store, std::size_t count) {
  for (int i = 0; i < 200; ++i) {
    if (store.erasures(0).size() >= count) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// The server's pass at start runs before the outbox, but a pass made before the replica leads
// erases nothing: the thread makes the first pass as soon as it leads, never an hour later.
TEST(retention, a_leader_whose_start_pass_was_not_made_as_leader_purges_at_its_first_look) {
  const auto uri = testing::postgres_server::shared().new_database();
  storage::postgres::store store(uri);
  ASSERT_TRUE(store.leader()) << "alone on its database, a replica leads once it is open";
  leads::lead_metrics stats;
  const clock::fake at(start);
  add(store);
  clock::advance(std::chrono::days(181));
  // Led from the start, and its owner made no pass.
  retention purge(store, stats, {.follower_poll = std::chrono::milliseconds(50)});
  EXPECT_TRUE(erasures_reach(store, 1));
  purge.stop();
  store.stop();
}

TEST(retention, a_replica_that_takes_the_lead_later_purges_then) {
  const auto uri = testing::postgres_server::shared().new_database();
  testing::pg_session other(uri);  // another replica, leading
  ASSERT_EQ(other.column("SELECT pg_try_advisory_lock(727002)").at(0), "t");
  storage::postgres::store store(uri, {.leader_retry = std::chrono::milliseconds(50)});
  ASSERT_FALSE(store.leader());
  leads::lead_metrics stats;
  const clock::fake at(start);
  add(store);
  clock::advance(std::chrono::days(181));
  retention purge(store, stats, {.follower_poll = std::chrono::milliseconds(50)});
  EXPECT_EQ(purge.purge_once(), 0U) << "a follower's pass at start erases nothing";
  // The session tries again meanwhile, and fails, while the settable clock stands still: its
  // retries go by real time, so they go on.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ASSERT_EQ(other.column("SELECT pg_advisory_unlock(727002)").at(0), "t");
  EXPECT_TRUE(erasures_reach(store, 1));
  purge.stop();
  store.stop();
}

}  // namespace
}  // namespace landing::privacy
