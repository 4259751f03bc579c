#include "storage/sqlite/backup.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "storage/sqlite/store.hpp"
#include "temp_folder.hpp"

namespace landing::storage::sqlite {
namespace {

new_lead sample(int n) {
  return {{"Anna " + std::to_string(n), "@anna", "a@b.co", "Hello"}, "en", "10.0.0.1"};
}

// The copy holds every lead committed before it began, even while another connection commits
// all the time, and it is one file that a store opens like any other.
TEST(sqlite_backup, copies_a_database_that_is_being_written) {
  const testing::temp_folder dir;
  store live(dir.file("leads.db"));
  std::vector<std::string> before;
  for (int i = 0; i < 200; ++i)
    before.push_back(live.insert_batch({sample(i)}, {"telegram"}).front());
  std::atomic<bool> writing{true};
  std::thread writer([&] {
    for (int i = 1000; writing; ++i) live.insert_batch({sample(i)}, {"telegram"});
  });
  backup_report report;
  std::string failure;
  try {
    report = backup(dir.file("leads.db"), dir.file("copies/one.db"));
  } catch (const std::exception& e) {
    failure = e.what();
  }
  writing = false;
  writer.join();
  ASSERT_EQ(failure, "");
  live.stop();
  EXPECT_GE(report.leads, 200);
  EXPECT_FALSE(std::filesystem::exists(dir.file("copies/one.db-wal")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("copies/one.db.partial")));
  store copy(dir.file("copies/one.db"));
  for (const auto& id : before) EXPECT_TRUE(copy.find(id).has_value()) << id;
  EXPECT_EQ(static_cast<std::int64_t>(copy.list("").size()), report.leads);
  copy.stop();
}

TEST(sqlite_backup, never_overwrites_and_leaves_nothing_behind_when_it_fails) {
  const testing::temp_folder dir;
  store(dir.file("leads.db")).insert_batch({sample(1)}, {"telegram"});
  std::ofstream(dir.file("taken.db")) << "an older backup";
  EXPECT_THROW(backup(dir.file("leads.db"), dir.file("taken.db")), std::runtime_error);
  EXPECT_EQ(std::filesystem::file_size(dir.file("taken.db")), 15U);
  EXPECT_THROW(backup(dir.file("missing.db"), dir.file("x.db")), std::runtime_error);
  // Not a lead database: the copy is made, fails its check, and is removed.
  std::filesystem::remove(dir.file("leads.db-wal"));
  { std::ofstream(dir.file("empty.db")); }
  EXPECT_ANY_THROW(backup(dir.file("empty.db"), dir.file("y.db")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("y.db")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("y.db.partial")));
}

}  // namespace
}  // namespace landing::storage::sqlite
