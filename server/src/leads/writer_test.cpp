#include "leads/writer.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <future>

#include "storage/sqlite/store.hpp"
#include "storage/testing.hpp"

namespace landing::leads {
namespace {

storage::new_lead sample() { return {{"Anna", "@anna", "a@b.co", "Hello"}, "en", "127.0.0.1"}; }

std::future<std::optional<std::string>> submit(lead_writer& writer) {
  auto promise = std::make_shared<std::promise<std::optional<std::string>>>();
  auto result = promise->get_future();
  writer.submit(sample(),
                [promise](const std::optional<std::string>& id) { promise->set_value(id); });
  return result;
}

TEST(writer, commits_concurrent_leads_and_reports_each_id) {
  const storage::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  std::atomic<int> commits{0};
  std::vector<std::future<std::optional<std::string>>> ids;
  {
    lead_writer writer(store, false, [&] { ++commits; });
    for (int i = 0; i < 200; ++i) ids.push_back(submit(writer));
  }
  for (auto& id : ids) {
    const auto value = id.get();
    ASSERT_TRUE(value.has_value());
    EXPECT_EQ(value->size(), 26U);
  }
  // Group commit: far fewer transactions than leads.
  EXPECT_LT(commits.load(), 200);
  EXPECT_EQ(store.list("pending").size(), 200U);
  EXPECT_EQ(store.check().outbox.depth, 200);
}

TEST(writer, answers_every_request_with_nothing_when_the_store_refuses) {
  const storage::testing::temp_folder dir;
  storage::sqlite::options refuse_all;
  refuse_all.disk_reserve_bytes = std::uint64_t{1} << 62;  // more than any disk has free
  storage::sqlite::store store(dir.file("leads.db"), refuse_all);
  std::atomic<int> commits{0};
  lead_writer writer(store, false, [&] { ++commits; });
  for (int i = 0; i < 20; ++i) EXPECT_FALSE(submit(writer).get().has_value());
  EXPECT_EQ(commits.load(), 0);
  EXPECT_TRUE(store.list("").empty());
}

TEST(writer, answers_queued_requests_when_stopped) {
  const storage::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  std::vector<std::future<std::optional<std::string>>> ids;
  {
    lead_writer writer(store, false, {});
    for (int i = 0; i < 50; ++i) ids.push_back(submit(writer));
    writer.stop();
    // After stop, a new request is answered at once, with nothing.
    EXPECT_FALSE(submit(writer).get().has_value());
  }
  for (auto& id : ids) EXPECT_TRUE(id.get().has_value());
}

}  // namespace
}  // namespace landing::leads
