// What only a database file can go through: deletion, replacement, a full disk, old schemas.
#include "storage/sqlite/store.hpp"

#include <gtest/gtest.h>
#include <sys/statvfs.h>

#include <filesystem>

#include "storage/migration_testing.hpp"
#include "storage/sqlite/migrations.hpp"
#include "storage/sum_status_testing.hpp"
#include "temp_folder.hpp"

namespace landing::storage::sqlite {
using storage::expect_outbox_migrated;
namespace {

new_lead sample(const std::string& message = "Hello") {
  return {{"Anna", "@anna", "a@b.co", message}, "en", "10.0.0.1"};
}

fault refusal_of(const std::function<void()>& work) {
  try {
    work();
  } catch (const storage::error& e) {
    return e.problem;
  }
  return fault::none;
}

// The first schema, as released before any later migration: a database made by that version.
constexpr const char* first_schema = R"sql(
CREATE TABLE leads (
  id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, name TEXT NOT NULL, social TEXT NOT NULL,
  email TEXT NOT NULL, message TEXT NOT NULL, locale TEXT NOT NULL, client TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'held', 'spam', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, delivered_at INTEGER);
CREATE INDEX leads_by_status ON leads (status, created_at);
CREATE TABLE outbox (lead_id TEXT PRIMARY KEY REFERENCES leads (id),
  next_attempt_at INTEGER NOT NULL);
CREATE INDEX outbox_by_due ON outbox (next_attempt_at);
INSERT INTO leads (id, created_at, name, social, email, message, locale, client, status)
  VALUES ('01JD3Z6W8Q5N2R4T6V8X0Y2A4C', 1700000000000, 'Anna', '@anna', 'a@b.co', 'Old lead',
          'en', '10.0.0.1', 'pending');
INSERT INTO outbox (lead_id, next_attempt_at) VALUES ('01JD3Z6W8Q5N2R4T6V8X0Y2A4C', 0);
INSERT INTO leads (id, created_at, name, social, email, message, locale, client, status,
                   attempts, last_error)
  VALUES ('01JD3Z6W8Q5N2R4T6V8X0Y2A4D', 1700000000001, 'Boris', '@boris', 'b@b.co', 'Failed',
          'ru', '10.0.0.2', 'failed', 3, 'http 400: chat not found');
INSERT INTO leads (id, created_at, name, social, email, message, locale, client, status,
                   attempts, delivered_at)
  VALUES ('01JD3Z6W8Q5N2R4T6V8X0Y2A4E', 1700000000002, 'Vera', '@vera', 'v@b.co', 'Delivered',
          'ru', '10.0.0.3', 'delivered', 1, 1700000000500);
INSERT INTO leads (id, created_at, name, social, email, message, locale, client, status)
  VALUES ('01JD3Z6W8Q5N2R4T6V8X0Y2A4F', 1700000000003, 'Gleb', '@gleb', 'g@b.co', 'Held',
          'ru', '10.0.0.4', 'held');
INSERT INTO outbox (lead_id, next_attempt_at) VALUES ('01JD3Z6W8Q5N2R4T6V8X0Y2A4F', 0);
PRAGMA user_version = 1;
)sql";

TEST(sqlite_store, upgrades_a_database_made_with_the_first_schema) {
  const testing::temp_folder dir;
  {
    connection old(dir.file("leads.db"));
    old.exec(first_schema);
  }
  store upgraded(dir.file("leads.db"));
  const auto lead = upgraded.find("01JD3Z6W8Q5N2R4T6V8X0Y2A4C");
  ASSERT_TRUE(lead.has_value());
  EXPECT_EQ(lead->fields.message, "Old lead");
  EXPECT_EQ(lead->source, "");  // arrived before sources were kept: unknown
  expect_outbox_migrated(upgraded);
  connection check(dir.file("leads.db"));
  EXPECT_EQ(schema_version(check), 15);
}

TEST(sqlite_store, a_settle_that_leaves_the_sum_as_it_was_does_not_write_the_lead) {
  const testing::temp_folder dir;
  store target(dir.file("leads.db"));
  connection probe(dir.file("leads.db"));
  probe.exec(
      "CREATE TABLE lead_writes (n INTEGER); CREATE TRIGGER count_lead_writes AFTER UPDATE ON "
      "leads BEGIN INSERT INTO lead_writes VALUES (1); END");
  expect_unchanged_sums_left_unwritten(target, [&] {
    statement count(probe, "SELECT count(*) FROM lead_writes");
    count.step();
    return count.integer(0);
  });
}

TEST(sqlite_store, a_second_migration_run_changes_nothing) {
  const testing::temp_folder dir;
  connection conn(dir.file("leads.db"));
  migrate(conn);
  const int version = schema_version(conn);
  migrate(conn);
  EXPECT_EQ(schema_version(conn), version);
}

TEST(sqlite_store, refuses_leads_below_the_reserve_but_records_outcomes) {
  const testing::temp_folder dir;
  const auto id = store(dir.file("leads.db")).insert_batch({sample()}, {"telegram"}).front();
  options tight;
  tight.disk_reserve_bytes = std::uint64_t{1} << 62;
  store full(dir.file("leads.db"), tight);
  EXPECT_EQ(refusal_of([&] { full.insert_batch({sample()}, {"telegram"}); }), fault::disk_full);
  EXPECT_EQ(full.check(true).problem, fault::disk_full);
  // The reserve is kept for exactly this.
  full.mark_delivered("telegram", id, {1, "ok", 0}, {});
  EXPECT_EQ(full.find(id)->status, "delivered");
}

TEST(sqlite_store, stops_taking_vitals_at_twice_the_reserve_while_leads_still_go_in) {
  const testing::temp_folder dir;
  struct statvfs space {};
  ASSERT_EQ(::statvfs(dir.path.c_str(), &space), 0);
  const auto free_bytes = static_cast<std::uint64_t>(space.f_bavail) * space.f_frsize;
  options tight;
  // Leads fit above this reserve; vitals, which need twice it, do not.
  tight.disk_reserve_bytes = free_bytes / 4 * 3;
  store half_full(dir.file("leads.db"), tight);
  vitals_aggregate one;
  one.key = {20000, "/:locale", "en", "mobile", "LCP"};
  one.count = one.good = 1;
  EXPECT_EQ(refusal_of([&] { half_full.add_vitals({one}); }), fault::disk_full);
  EXPECT_NO_THROW(half_full.insert_batch({sample()}, {"telegram"}));
  EXPECT_TRUE(half_full.read_vitals({}).empty());
}

// Every way the files can vanish under an open database: the main file, its log, or all.
TEST(sqlite_store, a_deleted_database_refuses_leads_then_is_written_back_whole) {
  for (const std::vector<std::string>& deleted :
       {std::vector<std::string>{""}, {"-wal"}, {"", "-wal", "-shm"}}) {
    const testing::temp_folder dir;
    const auto path = dir.file("leads.db");
    store db(path);
    std::vector<std::string> ids;
    for (int i = 0; i < 5; ++i) ids.push_back(db.insert_batch({sample()}, {"telegram"}).front());
    db.mark_delivered("telegram", ids[0], {42, "ok", 0}, {});
    for (const auto& suffix : deleted) std::filesystem::remove(path + suffix);
    EXPECT_EQ(refusal_of([&] { db.insert_batch({sample()}, {"telegram"}); }), fault::missing);
    EXPECT_EQ(refusal_of([&] {
                db.mark_delivered("telegram", ids[1], {43, "ok", 0}, {});
              }),
              fault::missing);
    // The check writes the file back from the connection that still has it open.
    EXPECT_EQ(db.check(true).problem, fault::none);
    ASSERT_TRUE(std::filesystem::exists(path));
    db.mark_delivered("telegram", ids[1], {43, "ok", 0}, {});
    ids.push_back(db.insert_batch({sample("after")}, {"telegram"}).front());
    store reopened(path);
    for (const auto& id : ids) EXPECT_TRUE(reopened.find(id).has_value()) << id;
    EXPECT_EQ(reopened.find(ids[0])->status, "delivered");
    EXPECT_EQ(reopened.find(ids[1])->status, "delivered");
  }
}

TEST(sqlite_store, waits_for_a_deleted_folder_to_come_back_before_writing_it_back) {
  const testing::temp_folder dir;
  const auto folder = dir.path / "data";
  std::filesystem::create_directories(folder);
  const auto path = (folder / "leads.db").string();
  store db(path);
  const auto id = db.insert_batch({sample()}, {"telegram"}).front();
  std::filesystem::remove_all(folder);
  EXPECT_EQ(db.check(true).problem, fault::missing);
  EXPECT_EQ(refusal_of([&] { db.insert_batch({sample()}, {"telegram"}); }), fault::missing);
  std::filesystem::create_directories(folder);
  EXPECT_EQ(db.check(true).problem, fault::none);
  EXPECT_TRUE(store(path).find(id).has_value());
}

TEST(sqlite_store, follows_a_file_put_in_the_database_place) {
  const testing::temp_folder dir;
  const auto path = dir.file("leads.db");
  const auto other_path = dir.file("restored.db");
  store db(path);
  db.insert_batch({sample("before")}, {"telegram"});
  const auto restored =
      store(other_path).insert_batch({sample("from backup")}, {"telegram"}).front();
  std::filesystem::rename(other_path, path);
  std::filesystem::remove(other_path + "-wal");
  std::filesystem::remove(other_path + "-shm");
  EXPECT_EQ(refusal_of([&] { db.insert_batch({sample()}, {"telegram"}); }), fault::missing);
  EXPECT_EQ(db.check(true).problem, fault::none);
  EXPECT_TRUE(db.find(restored).has_value());
  EXPECT_EQ(db.list("").size(), 1U);
}

}  // namespace
}  // namespace landing::storage::sqlite
