// Erased means gone from the database's files, not only from its tables (docs/privacy.md): once
// `leads erase` returns (by e-mail, by id) or the running server's retention pass reports its
// purge, no byte of what the erased leads carried is in SQLite's file, its log or its index, nor
// in any relation file of the PostgreSQL database (tables, indexes, TOAST, the catalog). A lead
// that is kept is found by the same scan, so the scan can see.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <iostream>
#include <thread>

#include "byte_scan.hpp"
#include "common/clock.hpp"
#include "engine_fixture.hpp"
#include "postgres.hpp"
#include "storage/open.hpp"
#include "support.hpp"

namespace landing::testing {
namespace {

// A person's details, each field with a marker of its own. The message stays far below 2 KB:
// PostgreSQL compresses longer values, and a compressed marker would hide from the scan.
struct person {
  std::string name, handle, email, message, campaign;
  std::vector<std::string> keys{};  // its message's key, once the server made it

  [[nodiscard]] std::vector<std::string> markers() const {
    std::vector<std::string> out{name, handle, email.substr(0, email.find('@')), message};
    if (!campaign.empty()) out.push_back(campaign);
    out.insert(out.end(), keys.begin(), keys.end());
    return out;
  }
  [[nodiscard]] std::string json() const {
    return R"({"name":")" + name + R"( Anna","social":"@)" + handle + R"(","email":")" + email +
           R"(","message":")" + message + R"(: we need a site.","locale":"en","website":"",)" +
           R"("consent":")" + test_consent_version + R"(","source":{"utm_source":"news",)" +
           R"("utm_campaign":")" + campaign + R"("}})";
  }
};

person marked(const std::string& tag) {
  return {"Namemark" + tag, "handlemark" + tag, "mailmark" + tag + "@example.com", "Textmark" + tag,
          "campaignmark" + tag};
}

class erased_bytes : public engine_fixture {
 protected:
  // The markers any live file holds: SQLite's file with its -wal and -shm; each relation file of
  // the PostgreSQL database once its changed pages are written.
  [[nodiscard]] std::map<std::string, std::string> found(
      const std::vector<std::string>& markers) const {
    return markers_in(
        GetParam() == "sqlite" ? dir.path / "db" : postgres_server::shared().flushed_files_of(db),
        markers);
  }
  void expect_all_found(const person& who) const {
    EXPECT_EQ(found(who.markers()).size(), who.markers().size())
        << "the scan must see what a live lead holds";
  }
  void expect_none_found(const person& who) const {
    const auto left = found(who.markers());
    for (const auto& [marker, file] : left) ADD_FAILURE() << marker << " is still in " << file;
  }
};

TEST_P(erased_bytes, leads_erased_by_email_and_by_id_leave_no_byte_in_the_live_files) {
  start();
  auto anna = marked("A");
  auto boris = marked("B");
  const auto kept = marked("K");
  post_lead(anna.json());
  auto second = anna;
  second.email = "MAILMARKA@Example.com";  // the same person, in other case
  post_lead(second.json());
  const auto by_id = post_lead(boris.json());
  post_lead(kept.json());
  // Delivered, so each lead's row was written more than once (status, delivery time).
  ASSERT_TRUE(bot.wait_for(4, std::chrono::seconds(15)));
  ASSERT_TRUE(server->wait_for_event("lead_delivered"));
  // What the repeats rule keeps of each message (a keyed hash, listed in the export) is erased
  // with the lead, and PostgreSQL's statistics never sample it: ANALYZE first, so a value
  // pg_statistic kept would be found in the catalog's files.
  for (auto* who : {&anna, &boris}) {
    const auto exported = cli({"leads", "export", "--email", who->email});
    ASSERT_EQ(exported.exit_code, 0) << exported.output;
    const auto json = boost::json::parse(exported.output.substr(exported.output.find('{')));
    const auto& key = json.at("leads").at(0).at("message_key");
    ASSERT_TRUE(key.is_string()) << exported.output;
    ASSERT_EQ(key.as_string().size(), 64U);
    // A stretch of the hex key long enough to be its own, short enough to sit in one page.
    who->keys.push_back(std::string(key.as_string()).substr(0, 24));
  }
  if (GetParam() == "postgres") {
    pg_session analyst(db);
    ASSERT_TRUE(analyst.run("ANALYZE leads"));
  }
  expect_all_found(anna);
  expect_all_found(boris);

  const auto by_email = cli({"leads", "erase", "--email", anna.email, "--reason", "ticket 7"});
  ASSERT_EQ(by_email.exit_code, 0) << by_email.output;
  EXPECT_NE(by_email.output.find("2 leads erased"), std::string::npos) << by_email.output;
  expect_none_found(anna);
  const auto one = cli({"leads", "erase", "--id", by_id});
  ASSERT_EQ(one.exit_code, 0) << one.output;
  expect_none_found(anna);
  expect_none_found(boris);
  expect_all_found(kept);

  // Writes after the erasure do not bring anything back (the log is refilled from now on).
  post_lead(marked("L").json());
  ASSERT_TRUE(bot.wait_for(5, std::chrono::seconds(15)));
  expect_none_found(anna);
  expect_none_found(boris);
}

TEST_P(erased_bytes, the_running_servers_retention_purge_leaves_no_byte_in_the_live_files) {
  // Written straight into the store, without a source.
  auto old = marked("O");
  auto fresh = marked("F");
  old.campaign = fresh.campaign = "";
  {
    const auto store = storage::open(db, {});
    {
      const clock::fake long_ago(clock::now_ms() - 200LL * 86'400'000);
      const auto ids = store->insert_batch(
          {{{old.name, "@" + old.handle, old.email, old.message}, "en", "10.0.0.1", false},
           {{old.name, "@" + old.handle, "2" + old.email, old.message}, "en", "10.0.0.1", false}},
          {"telegram"});
      store->mark_delivered("telegram", ids[0], {clock::now_ms(), "ok", 0}, {42, 7});
    }
    store->insert_batch(
        {{{fresh.name, "@" + fresh.handle, fresh.email, fresh.message}, "en", "10.0.0.1", false}},
        {"telegram"});
    store->stop();
  }
  expect_all_found(old);

  start({"--retention-days", "180"});
  ASSERT_TRUE(server->wait_for_event("leads_purged")) << server->output();
  expect_none_found(old);
  expect_all_found(fresh);
  // The pass at start runs before the outbox: the chat gets the fresh lead, never an old one.
  for (int i = 0; i < 300 && bot.delivered_containing(fresh.name) == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(bot.delivered_containing(fresh.name), 1U);
  EXPECT_EQ(bot.delivered_containing(old.name), 0U) << "a lead past its period reached the chat";
  // What the scrub said (erasure_scrub_failed names what held it off).
  if (HasFailure()) std::cout << server->output();
}

// A rewrite keeps a deleted row that an older transaction may still see: a session that began
// reading before the erasure (an operator's psql, a report), one that wrote and sits idle in its
// transaction (it has an id but, between statements, no snapshot), the same in another database
// of the cluster (every snapshot taken here, the rewrite's own too, starts at its id), and a
// prepared transaction each hold the scrub off until they end, and the command returns only once
// the bytes are gone.
struct holder {
  const char* what;
  std::vector<std::string> begin;  // run before the erasure; the last one leaves it holding
  std::string end;                 // run 2 s into the erasure
  bool elsewhere = false;          // in another database of the same cluster
};

TEST_P(erased_bytes, a_transaction_older_than_the_erasure_holds_the_scrub_off_until_it_ends) {
  if (GetParam() != "postgres") GTEST_SKIP() << "SQLite's checkpoint waits for readers itself";
  start();
  // Prepared transactions are the cluster's, named across its databases.
  const auto gid = "'holds_the_scrub_" + std::to_string(::getpid()) + "'";
  const std::vector<holder> holders{
      // The snapshot is taken on another table: no lock on leads holds the rewrite back.
      {"a repeatable-read snapshot",
       {"BEGIN ISOLATION LEVEL REPEATABLE READ", "SELECT count(*) FROM settings"},
       "COMMIT"},
      {"an id without a snapshot", {"BEGIN", "SELECT pg_current_xact_id()"}, "COMMIT"},
      {"an id in another database", {"BEGIN", "SELECT pg_current_xact_id()"}, "COMMIT", true},
      {"a prepared transaction",
       {"BEGIN", "SELECT pg_current_xact_id()", "PREPARE TRANSACTION " + gid},
       "COMMIT PREPARED " + gid},
  };
  std::size_t sent = 0;
  // Named, not bound: clang 14, the ASan build's compiler, cannot capture a structured binding
  // in a lambda yet (C++20's P1091).
  for (const auto& held : holders) {
    SCOPED_TRACE(held.what);
    const auto anna = marked("S" + std::to_string(++sent));
    const auto id = post_lead(anna.json());
    ASSERT_TRUE(bot.wait_for(sent, std::chrono::seconds(15)));
    pg_session holding(held.elsewhere ? postgres_server::shared().new_database() : db);
    for (const auto& sql : held.begin) ASSERT_TRUE(holding.run(sql)) << sql;
    std::thread ends_later([&] {
      std::this_thread::sleep_for(std::chrono::seconds(2));
      holding.run(held.end);
    });
    const auto began = std::chrono::steady_clock::now();
    const auto erased = cli({"leads", "erase", "--id", id});
    const auto waited = std::chrono::steady_clock::now() - began;
    ends_later.join();
    ASSERT_EQ(erased.exit_code, 0) << erased.output;
    EXPECT_GE(waited, std::chrono::milliseconds(1500)) << "the scrub waited for the holder";
    expect_none_found(anna);
  }
}

// A reader that holds SQLite's log past the busy timeout (5 s) keeps the erased bytes in it:
// `leads erase` says so and exits 3, and the same command run again finishes the scrub.
TEST_P(erased_bytes, a_scrub_held_off_says_so_and_the_command_run_again_finishes_it) {
  if (GetParam() != "sqlite") GTEST_SKIP() << "PostgreSQL's wait is the test above";
  start();
  const auto anna = marked("H");
  post_lead(anna.json());
  ASSERT_TRUE(bot.wait_for(1, std::chrono::seconds(15)));
  sqlite3* reader = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &reader), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(reader, "BEGIN; SELECT count(*) FROM leads;", nullptr, nullptr, nullptr),
            SQLITE_OK);
  const auto held = cli({"leads", "erase", "--email", anna.email});
  EXPECT_EQ(held.exit_code, 3) << held.output;
  EXPECT_NE(held.output.find("1 lead erased"), std::string::npos) << held.output;
  EXPECT_NE(held.output.find("still in the database's files"), std::string::npos) << held.output;
  sqlite3_exec(reader, "COMMIT", nullptr, nullptr, nullptr);
  sqlite3_close(reader);
  const auto again = cli({"leads", "erase", "--email", anna.email});
  EXPECT_EQ(again.exit_code, 1) << again.output;  // no such lead any more
  EXPECT_NE(again.output.find("gone from the database's files now"), std::string::npos)
      << again.output;
  expect_none_found(anna);
}

INSTANTIATE_TEST_SUITE_P(engines, erased_bytes, ::testing::Values("sqlite", "postgres"));

}  // namespace
}  // namespace landing::testing
