#include "leads/writer.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <future>
#include <random>

#include "leads/migrations.hpp"

namespace landing::leads {
namespace {

// A database file, not :memory:, so WAL and synchronous=FULL are what is exercised.
struct temp_db {
  temp_db() {
    std::random_device random;
    dir = std::filesystem::temp_directory_path() / ("landing-writer-" + std::to_string(random()));
    std::filesystem::create_directories(dir);
  }
  ~temp_db() { std::filesystem::remove_all(dir); }
  [[nodiscard]] std::string path() const { return (dir / "leads.db").string(); }
  std::filesystem::path dir;
};

new_lead sample(bool spam = false) {
  return {{"Anna", "@anna", "a@b.co", "Hello"}, "en", "127.0.0.1", spam};
}

TEST(writer, commits_concurrent_leads_and_reports_each_id) {
  const temp_db db;
  std::atomic<int> commits{0};
  std::vector<std::future<std::optional<std::string>>> ids;
  {
    lead_writer writer(db.path(), false, [&] { ++commits; });
    for (int i = 0; i < 200; ++i) {
      auto promise = std::make_shared<std::promise<std::optional<std::string>>>();
      ids.push_back(promise->get_future());
      writer.submit(sample(),
                    [promise](const std::optional<std::string>& id) { promise->set_value(id); });
    }
  }
  for (auto& id : ids) {
    const auto value = id.get();
    ASSERT_TRUE(value.has_value());
    EXPECT_EQ(value->size(), 26U);
  }
  // Group commit: far fewer transactions than leads.
  EXPECT_LT(commits.load(), 200);
  lead_store store(db.path());
  EXPECT_EQ(store.list("pending").size(), 200U);
  EXPECT_EQ(store.stats().depth, 200);
}

TEST(writer, spam_is_stored_but_not_queued_and_held_waits) {
  const temp_db db;
  lead_store store(db.path());
  store.insert_batch({sample(true)}, false);
  store.insert_batch({sample()}, true);
  EXPECT_EQ(store.list("spam").size(), 1U);
  EXPECT_EQ(store.list("held").size(), 1U);
  EXPECT_FALSE(store.next_pending().has_value());
  EXPECT_EQ(store.release_held(), 1);
  EXPECT_TRUE(store.next_pending().has_value());
}

TEST(migrations, bring_a_new_database_to_the_latest_version_once) {
  const temp_db db;
  db::connection conn(db.path());
  migrate(conn);
  const int version = schema_version(conn);
  EXPECT_GE(version, 1);
  migrate(conn);
  EXPECT_EQ(schema_version(conn), version);
}

}  // namespace
}  // namespace landing::leads
