#include "vitals/recorder.hpp"

#include <gtest/gtest.h>
#include <sys/statvfs.h>

#include <future>

#include "common/clock.hpp"
#include "storage/sqlite/store.hpp"
#include "temp_folder.hpp"
#include "vitals/testing.hpp"

namespace landing::vitals {
namespace {

using namespace std::chrono_literals;

std::uint64_t stored_count(storage::lead_store& store, const std::string& metric) {
  std::uint64_t total = 0;
  for (const auto& row : store.read_vitals({})) {
    if (row.key.metric == metric) total += row.count;
  }
  return total;
}

recorder_options quick(std::int64_t today = 20100) {
  recorder_options out;
  out.flush_every = 20ms;
  out.today = [today] { return today; };
  return out;
}

TEST(vitals_recorder, writes_every_offered_beacon_by_stop) {
  const landing::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  storage::turns turns;
  counters stats;
  recorder sink(store, turns, stats, quick());
  for (int i = 0; i < 300; ++i) EXPECT_TRUE(sink.offer(testing::parsed_beacon()));
  sink.stop();
  EXPECT_EQ(stored_count(store, "LCP"), 300U);
  EXPECT_EQ(stats.dropped_total(), 0U);
  EXPECT_FALSE(sink.offer(testing::parsed_beacon()));  // stopped
}

TEST(vitals_recorder, a_lone_beacon_is_written_after_the_flush_interval_without_a_stop) {
  const landing::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  storage::turns turns;
  counters stats;
  recorder sink(store, turns, stats, quick());  // flushes 20 ms after the first beacon
  for (int round = 1; round <= 2; ++round) {
    EXPECT_TRUE(sink.offer(testing::parsed_beacon()));
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    while (stored_count(store, "LCP") < static_cast<std::uint64_t>(round) &&
           std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(5ms);
    }
    EXPECT_EQ(stored_count(store, "LCP"), static_cast<std::uint64_t>(round));
  }
}

TEST(vitals_recorder, takes_beacons_while_a_lead_holds_the_writer_and_writes_them_after) {
  const landing::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  storage::turns turns;
  counters stats;
  auto options = quick();
  options.batch_beacons = 4;
  recorder sink(store, turns, stats, options);
  std::promise<void> release;
  std::promise<void> holding;
  // A lead batch that takes long: measurement waits for it, and beacons go on being folded in.
  std::thread lead([&] {
    turns.lead([&] {
      holding.set_value();
      release.get_future().wait();
    });
  });
  holding.get_future().wait();
  for (int i = 0; i < 50; ++i) {
    EXPECT_TRUE(sink.offer(testing::parsed_beacon()));
    std::this_thread::sleep_for(1ms);
  }
  EXPECT_EQ(stored_count(store, "LCP"), 0U);  // nothing written while the lead writes
  release.set_value();
  lead.join();
  sink.stop();
  EXPECT_EQ(stored_count(store, "LCP"), 50U);
  EXPECT_EQ(stats.dropped_total(), 0U);
}

TEST(vitals_recorder, keeps_the_retention_days_and_prunes_older_ones_at_start) {
  const landing::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  storage::vitals_aggregate row;
  row.key = {0, "/:locale", "en", "mobile", "LCP"};
  row.count = row.good = 1;
  for (const std::int64_t day : {20000, 20010, 20011, 20100}) {
    row.key.day = day;
    store.add_vitals({row});
  }
  storage::turns turns;
  counters stats;
  // Today comes from the clock, as in the server: day 20100 from its first millisecond.
  const clock::fake at(20100LL * 86'400'000);
  auto options = quick();
  options.today = nullptr;
  options.retention_days = 90;  // 20011 to 20100
  recorder sink(store, turns, stats, options);
  sink.stop();
  std::vector<std::int64_t> days;
  for (const auto& each : store.read_vitals({})) days.push_back(each.key.day);
  EXPECT_EQ(days, (std::vector<std::int64_t>{20011, 20100}));
}

TEST(vitals_recorder, a_refused_write_loses_only_beacons_and_counts_them) {
  const landing::testing::temp_folder dir;
  struct statvfs space {};
  ASSERT_EQ(::statvfs(dir.path.c_str(), &space), 0);
  storage::sqlite::options tight;
  // Room for leads, not for measurement (which stops at twice the reserve).
  tight.disk_reserve_bytes = static_cast<std::uint64_t>(space.f_bavail) * space.f_frsize / 4 * 3;
  storage::sqlite::store store(dir.file("leads.db"), tight);
  storage::turns turns;
  counters stats;
  recorder sink(store, turns, stats, quick());
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(sink.offer(testing::parsed_beacon()));
  sink.stop();
  EXPECT_EQ(stats.dropped_total(), 10U);
  EXPECT_EQ(stored_count(store, "LCP"), 0U);
  EXPECT_NO_THROW(
      store.insert_batch({{{"Anna", "@anna", "a@b.co", "Hi"}, "en", "10.0.0.1"}}, {"telegram"}));
}

}  // namespace
}  // namespace landing::vitals
