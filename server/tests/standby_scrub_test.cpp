// An erasure's scrub on a primary with a streaming standby (docs/deploy.md, A standby): with
// hot_standby_feedback, a query running on the standby holds back what the primary may remove,
// VACUUM FULL included, so the scrub waits for it as for a session on the primary, and the
// erased lead leaves no byte in the primary's relation files once `leads erase` returns, nor in
// the standby's once it has replayed the scrub.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <map>
#include <thread>

#include "byte_scan.hpp"
#include "postgres.hpp"
#include "support.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;

TEST(standby_scrub, a_query_on_a_standby_with_feedback_holds_the_scrub_off_until_it_ends) {
  temp_dir dir;
  fake_bot_api bot;
  make_site(dir.path / "site");
  postgres_server primary(dir.path / "primary", true);
  const auto db = primary.new_database();
  const auto standby = primary.standby(dir.path / "standby");
  standby->configure("hot_standby_feedback", "on");
  standby->configure("wal_receiver_status_interval", "1s");

  server_process server(delivery_test_args((dir.path / "site").string(), db),
                        telegram_env(bot.base_url()), dir.path / "server.log");
  const std::vector<std::string> markers{"Namemarkhs", "handlemarkhs", "mailmarkhs", "Textmarkhs"};
  const auto reply = http_call(
      "POST", server.url("/api/contact"),
      {"Content-Type: application/json", "Origin: " + server.url("")},
      R"({"name":"Namemarkhs Anna","social":"@handlemarkhs","email":"mailmarkhs@example.com",)"
      R"("message":"Textmarkhs: we need a site.","locale":"en","website":"","consent":")" +
          std::string(test_consent_version) + R"("})");
  ASSERT_EQ(reply.status, 202) << reply.body;
  const std::string id = boost::json::parse(reply.body).at("id").as_string().c_str();
  ASSERT_TRUE(bot.wait_for(1, 15s));

  // Both copies hold the lead, as the scan sees once the standby has replayed up to now and
  // written its pages (a CHECKPOINT on a standby is a restartpoint).
  const auto replayed = [&] {
    const auto now = primary.admin("SELECT pg_current_wal_lsn()");
    for (int i = 0; i < 100 && standby->admin("SELECT pg_last_wal_replay_lsn() >= '" + now +
                                              "'::pg_lsn") != "t";
         ++i) {
      std::this_thread::sleep_for(100ms);
    }
    return standby->flushed_files_of(db);
  };
  ASSERT_EQ(markers_in(primary.flushed_files_of(db), markers).size(), markers.size());
  ASSERT_EQ(markers_in(replayed(), markers).size(), markers.size());

  // A report on the standby: its snapshot reaches the primary as the walsender's xmin.
  const auto on_standby = db.substr(0, db.find("?host=")) + "?host=" + standby->socket_dir();
  pg_session reader(on_standby);
  ASSERT_TRUE(reader.run("BEGIN ISOLATION LEVEL REPEATABLE READ"));
  ASSERT_TRUE(reader.run("SELECT count(*) FROM settings"));
  for (int i = 0; i < 100 && primary.admin("SELECT count(*) FROM pg_stat_replication WHERE "
                                           "backend_xmin IS NOT NULL") != "1";
       ++i) {
    std::this_thread::sleep_for(100ms);
  }
  ASSERT_EQ(
      primary.admin("SELECT count(*) FROM pg_stat_replication WHERE backend_xmin IS NOT NULL"), "1")
      << "the standby never reported its snapshot";

  std::thread closes_later([&] {
    std::this_thread::sleep_for(2s);
    reader.run("COMMIT");
  });
  const auto began = std::chrono::steady_clock::now();
  const auto erased = run_binary({"--db", db, "leads", "erase", "--id", id});
  const auto waited = std::chrono::steady_clock::now() - began;
  closes_later.join();
  ASSERT_EQ(erased.exit_code, 0) << erased.output;
  EXPECT_GE(waited, 1500ms) << "the scrub waited for the standby's query";
  // The standby replays the rewrite: its files lose the lead when the primary's do.
  for (const auto& [copy, folder] : std::map<std::string, std::filesystem::path>{
           {"primary", primary.flushed_files_of(db)}, {"standby", replayed()}}) {
    for (const auto& [marker, file] : markers_in(folder, markers)) {
      ADD_FAILURE() << marker << " is still in the " << copy << "'s " << file;
    }
  }
  EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace landing::testing
