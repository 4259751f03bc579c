#include "leads/writer.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <future>

#include "storage/sqlite/store.hpp"
#include "temp_folder.hpp"

namespace landing::leads {
namespace {

storage::new_lead sample() { return {{"Anna", "@anna", "a@b.co", "Hello"}, "en", "127.0.0.1"}; }

std::future<lead_writer::outcome> submit(lead_writer& writer, storage::new_lead item = sample()) {
  auto promise = std::make_shared<std::promise<lead_writer::outcome>>();
  auto result = promise->get_future();
  writer.submit(std::move(item),
                [promise](const lead_writer::outcome& outcome) { promise->set_value(outcome); });
  return result;
}

bool stored(const lead_writer::outcome& result) {
  return result.what == lead_writer::outcome::stored;
}

TEST(writer, commits_concurrent_leads_and_reports_each_id) {
  const landing::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  rate_limiter limits(1000, 1);
  std::atomic<int> commits{0};
  std::vector<std::future<lead_writer::outcome>> ids;
  {
    lead_writer writer(store, limits, {"telegram"}, [&] { ++commits; });
    for (int i = 0; i < 200; ++i) ids.push_back(submit(writer));
  }
  for (auto& id : ids) {
    const auto value = id.get();
    ASSERT_TRUE(stored(value));
    EXPECT_EQ(value.id.size(), 26U);
  }
  // Group commit: far fewer transactions than leads.
  EXPECT_LT(commits.load(), 200);
  EXPECT_EQ(store.list("pending").size(), 200U);
  ASSERT_EQ(store.check(true).channels.size(), 1U);
  EXPECT_EQ(store.check(true).channels[0].pending, 200);
}

TEST(writer, answers_leads_over_the_limit_with_the_wait_and_stores_the_rest) {
  const landing::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  rate_limiter limits(3, 1);
  std::vector<std::future<lead_writer::outcome>> results;
  {
    lead_writer writer(store, limits, {"telegram"}, {});
    for (int i = 0; i < 5; ++i) results.push_back(submit(writer));
    auto other = sample();
    other.client = "10.9.9.9";
    results.push_back(submit(writer, other));
  }
  int accepted = 0;
  for (std::size_t i = 0; i < 5; ++i) {
    const auto result = results[i].get();
    if (stored(result)) {
      ++accepted;
    } else {
      EXPECT_EQ(result.what, lead_writer::outcome::rate_limited);
      EXPECT_GT(result.retry_after_s, 0);
    }
  }
  EXPECT_EQ(accepted, 3);
  EXPECT_TRUE(stored(results[5].get()));
  EXPECT_EQ(store.list("").size(), 4U);
}

TEST(writer, answers_every_request_with_nothing_when_the_store_refuses) {
  const landing::testing::temp_folder dir;
  storage::sqlite::options refuse_all;
  refuse_all.disk_reserve_bytes = std::uint64_t{1} << 62;  // more than any disk has free
  storage::sqlite::store store(dir.file("leads.db"), refuse_all);
  rate_limiter limits(1000, 1);
  std::atomic<int> commits{0};
  lead_writer writer(store, limits, {"telegram"}, [&] { ++commits; });
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(submit(writer).get().what, lead_writer::outcome::unavailable);
  }
  EXPECT_EQ(commits.load(), 0);
  EXPECT_TRUE(store.list("").empty());
}

TEST(writer, answers_queued_requests_when_stopped) {
  const landing::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  rate_limiter limits(1000, 1);
  std::vector<std::future<lead_writer::outcome>> ids;
  {
    lead_writer writer(store, limits, {"telegram"}, {});
    for (int i = 0; i < 50; ++i) ids.push_back(submit(writer));
    writer.stop();
    // After stop, a new request is answered at once, with nothing.
    EXPECT_EQ(submit(writer).get().what, lead_writer::outcome::unavailable);
  }
  for (auto& id : ids) EXPECT_TRUE(stored(id.get()));
}

}  // namespace
}  // namespace landing::leads
