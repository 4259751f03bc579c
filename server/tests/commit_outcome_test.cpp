// A lead whose COMMIT lost its connection (the primary died, a failover began) has an outcome only
// the database knows. The server asks it by the lead's id once a primary answers, and only then
// answers the visitor: 202 when the lead is stored, 503 when it is not, and never a second copy.
// Both cases are made for real: a synchronous standby that never comes keeps a committed
// transaction waiting, and a deferred trigger keeps COMMIT busy before it happens; the test ends
// the backend in the middle.
#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <future>
#include <thread>

#include "postgres.hpp"
#include "support.hpp"
#include "tcp_cutter.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;

constexpr const char* lead_json =
    R"({"name":"Anna","social":"@anna_dev","email":"anna@example.com",)"
    R"("message":"We need a landing page.","locale":"en","website":""})";

class commit_outcome : public ::testing::Test {
 protected:
  void SetUp() override {
    make_site(dir.path / "site");
    pg = std::make_unique<postgres_server>(dir.path / "pg", true);
    db = pg->new_database();
    // The server reaches its database over a link the tests can cut.
    link = std::make_unique<tcp_cutter>(pg->socket_dir());
    auto args = delivery_test_args((dir.path / "site").string(), link->through(db));
    args.insert(args.end(), {"--rate-limit-burst", "1000"});
    server = std::make_unique<server_process>(args, std::map<std::string, std::string>{},
                                              dir.path / "server.log");
  }
  void TearDown() override {
    if (server) server->terminate();
  }
  // The database as its superuser (for the trigger), and a count of its leads.
  std::string as_superuser(const std::string& sql) const {
    const auto at = db.find("@/");
    const auto uri = "postgresql://postgres" + db.substr(at);
    PGconn* conn = PQconnectdb(uri.c_str());
    PGresult* res = PQexec(conn, sql.c_str());
    std::string value =
        PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) > 0 ? PQgetvalue(res, 0, 0) : "";
    const auto status = PQresultStatus(res);
    PQclear(res);
    PQfinish(conn);
    EXPECT_TRUE(status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) << sql;
    return value;
  }
  // The server's backend that waits on `event` (SyncRep, PgSleep) inside its COMMIT; its pid.
  [[nodiscard]] std::string committing_backend(const std::string& event) const {
    for (int i = 0; i < 200; ++i) {
      const auto pid = pg->admin(
          "SELECT pid FROM pg_stat_activity WHERE application_name = 'landing-server' AND "
          "wait_event = '" +
          event + "'");
      if (!pid.empty()) return pid;
      std::this_thread::sleep_for(50ms);
    }
    return {};
  }
  // A form posted without JavaScript (a script's lead would first wait on the commit that spends
  // its proof of work).
  std::future<http_reply> post_form(const std::string& message) {
    return std::async(std::launch::async, [this, message] {
      return http_call(
          "POST", server->url("/api/contact"),
          {"Content-Type: application/x-www-form-urlencoded", "Origin: " + server->url("")},
          "name=Anna&social=%40anna_dev&email=anna%40example.com&message=" + message +
              "&locale=en&website=");
    });
  }
  std::future<http_reply> post() {
    return std::async(std::launch::async, [this] {
      return http_call("POST", server->url("/api/contact"),
                       {"Content-Type: application/json", "Origin: " + server->url("")}, lead_json);
    });
  }

  temp_dir dir;
  std::unique_ptr<postgres_server> pg;
  std::string db;
  std::unique_ptr<tcp_cutter> link;
  std::unique_ptr<server_process> server;
};

// The transaction committed on the primary, but the answer never came back: a synchronous
// standby named and absent keeps the commit waiting after it is durable here, and ending the
// backend then cuts the answer off. The lead is found by its id: accepted, and one copy. (A form
// posted without JavaScript: a script's lead would first wait on the commit that spends its
// proof of work, which this test would cut off instead.)
TEST_F(commit_outcome, a_commit_whose_answer_was_lost_is_found_and_acknowledged_once) {
  pg->configure("synchronous_standby_names", "nobody");
  auto reply = std::async(std::launch::async, [this] {
    return http_call(
        "POST", server->url("/api/contact"),
        {"Content-Type: application/x-www-form-urlencoded", "Origin: " + server->url("")},
        "name=Anna&social=%40anna_dev&email=anna%40example.com&message=A+lead+whose+"
        "answer+was+lost.&locale=en&website=");
  });
  const auto pid = committing_backend("SyncRep");
  ASSERT_FALSE(pid.empty()) << "no commit waited for the standby";
  pg->admin("SELECT pg_terminate_backend(" + pid + ")");
  pg->configure("synchronous_standby_names", "");
  const auto answered = reply.get();
  ASSERT_EQ(answered.status, 303) << answered.body;
  EXPECT_EQ(answered.header("location"), "/en/thanks");
  EXPECT_EQ(as_superuser("SELECT count(*) FROM leads"), "1");
  EXPECT_TRUE(server->wait_for_event("lead_commit_confirmed", 5s));
  EXPECT_TRUE(server->wait_for_event("lead_commit_unknown", 1s));
}

// The link to the database is cut while the COMMIT waits for the synchronous standby, the
// primary staying up: the transaction is still in progress and may yet commit, so the server
// waits for its outcome rather than call it lost (and a visitor told to send again would put it
// in the chat twice). The standby's wait ends; the lead commits, and is acknowledged once.
TEST_F(commit_outcome, a_commit_still_waiting_when_the_link_is_cut_is_awaited_not_called_lost) {
  pg->configure("synchronous_standby_names", "nobody");
  auto reply = post_form("A+lead+whose+link+was+cut.");
  ASSERT_FALSE(committing_backend("SyncRep").empty()) << "no commit waited for the standby";
  link->cut();
  // The server looks meanwhile: the transaction is still waiting, its rows unseen.
  ASSERT_TRUE(server->wait_for_event("lead_commit_unknown", 5s));
  std::this_thread::sleep_for(1s);
  pg->configure("synchronous_standby_names", "");
  const auto answered = reply.get();
  EXPECT_EQ(answered.status, 303) << answered.body;
  EXPECT_EQ(as_superuser("SELECT count(*) FROM leads"), "1");
  EXPECT_TRUE(server->wait_for_event("lead_commit_confirmed", 5s));
  EXPECT_EQ(server->output().find("lead_commit_lost"), std::string::npos) << server->output();
}

// The backend waiting for an absent synchronous standby is ended: PostgreSQL has committed the
// lead locally, "but it might not have been replicated". A failover now would lose it, so the
// visitor is not told it is stored: 503, and the log says why.
TEST_F(commit_outcome, a_commit_the_synchronous_standby_never_got_is_not_acknowledged) {
  pg->configure("synchronous_standby_names", "nobody");
  auto reply = post_form("A+lead+the+standby+never+got.");
  const auto pid = committing_backend("SyncRep");
  ASSERT_FALSE(pid.empty()) << "no commit waited for the standby";
  pg->admin("SELECT pg_terminate_backend(" + pid + ")");
  const auto answered = reply.get();
  EXPECT_EQ(answered.status, 503) << answered.body;
  EXPECT_TRUE(server->wait_for_event("lead_commit_unreplicated", 5s)) << server->output();
  EXPECT_EQ(server->output().find("lead_commit_confirmed"), std::string::npos);
  pg->configure("synchronous_standby_names", "");
}

// The same when the wait is cancelled rather than ended (an operator's pg_cancel_backend, a
// statement_timeout): COMMIT then succeeds with a WARNING, which the server does not take as
// a replicated commit.
TEST_F(commit_outcome, a_commit_whose_standby_wait_was_cancelled_is_not_acknowledged) {
  pg->configure("synchronous_standby_names", "nobody");
  auto reply = post_form("A+lead+whose+wait+was+cancelled.");
  const auto pid = committing_backend("SyncRep");
  ASSERT_FALSE(pid.empty()) << "no commit waited for the standby";
  pg->admin("SELECT pg_cancel_backend(" + pid + ")");
  const auto answered = reply.get();
  EXPECT_EQ(answered.status, 503) << answered.body;
  EXPECT_TRUE(server->wait_for_event("lead_commit_warned", 5s)) << server->output();
  EXPECT_TRUE(server->wait_for_event("lead_commit_unreplicated", 5s)) << server->output();
  pg->configure("synchronous_standby_names", "");
}

// The connection went while COMMIT was still running the deferred trigger, before the
// transaction was durable: nothing is stored, so the visitor is told 503 and to come again.
TEST_F(commit_outcome, a_commit_cut_off_before_it_happened_is_refused_and_stores_nothing) {
  as_superuser(
      "CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM "
      "pg_sleep(30); RETURN NULL; END $$; CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON "
      "leads DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit()");
  auto reply = post();
  const auto pid = committing_backend("PgSleep");
  ASSERT_FALSE(pid.empty()) << "no commit ran the trigger";
  pg->admin("SELECT pg_terminate_backend(" + pid + ")");
  const auto answered = reply.get();
  EXPECT_EQ(answered.status, 503) << answered.body;
  EXPECT_EQ(answered.header("retry-after"), "5");
  EXPECT_EQ(as_superuser("SELECT count(*) FROM leads"), "0");
  EXPECT_TRUE(server->wait_for_event("lead_commit_lost", 5s));
  // The server goes on: the next lead is stored.
  as_superuser("DROP TRIGGER slow_commit ON leads");
  EXPECT_EQ(post().get().status, 202);
  EXPECT_EQ(as_superuser("SELECT count(*) FROM leads"), "1");
}

}  // namespace
}  // namespace landing::testing
