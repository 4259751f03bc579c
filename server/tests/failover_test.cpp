// The database fails over (docs/deploy.md, A standby): a PostgreSQL primary with a synchronous
// streaming standby (pg_basebackup -R), two replicas on a multi-host URI and 64 clients posting
// leads; the primary dies with kill -9 and the standby is promoted, as Patroni would do it. Every
// lead answered 202 is on the new primary and reaches the chat, at most one twice; the first 202
// after the promotion comes within 5 s; a lead refused meanwhile gets 503 with Retry-After.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/json/parse.hpp>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "postgres.hpp"
#include "support.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;
using steady = std::chrono::steady_clock;

// One statement on the database `uri` names; the first column of each row.
std::vector<std::string> query(const std::string& uri, const std::string& sql) {
  return pg_session(uri).column(sql);
}

// "…?host=/a" with another socket folder after the first: libpq tries each in turn.
std::string with_hosts(const std::string& uri, const std::vector<std::string>& hosts) {
  std::string joined;
  for (const auto& host : hosts) joined += (joined.empty() ? "" : ",") + host;
  return uri.substr(0, uri.find("?host=")) + "?host=" + joined;
}

class failover : public ::testing::Test {
 protected:
  void SetUp() override {
    make_site(dir.path / "site");
    primary = std::make_unique<postgres_server>(dir.path / "primary", true);
    db = primary->new_database();
    standby = primary->standby(dir.path / "standby");
    // A commit returns once the standby has the lead too.
    primary->configure("synchronous_standby_names", "*");
    for (int i = 0; i < 100 && primary->admin("SELECT count(*) FROM pg_stat_replication WHERE "
                                              "sync_state = 'sync'") != "1";
         ++i) {
      std::this_thread::sleep_for(100ms);
    }
    ASSERT_EQ(primary->admin("SELECT sync_state FROM pg_stat_replication"), "sync");
    both = with_hosts(db, {primary->socket_dir(), standby->socket_dir()});
  }

  std::unique_ptr<server_process> start(const std::string& uri, const std::string& name) {
    auto args = delivery_test_args((dir.path / "site").string(), uri);
    args.insert(args.end(), {"--rate-limit-burst", "100000", "--telegram-pacing-ms", "2",
                             "--outbox-lease-ms", "3000"});
    return std::make_unique<server_process>(args, telegram_env(bot.base_url()),
                                            dir.path / (name + ".log"));
  }

  temp_dir dir;
  fake_bot_api bot;
  std::unique_ptr<postgres_server> primary;
  std::unique_ptr<postgres_server> standby;
  std::string db;
  std::string both;
};

struct answer {
  long status = 0;
  std::string id;
  std::string retry_after;
  steady::time_point at;
};

TEST_F(failover, no_acknowledged_lead_is_lost_when_the_primary_dies_and_the_standby_takes_over) {
  auto first = start(both, "first");
  auto second = start(both, "second");
  EXPECT_EQ(boost::json::parse(http_call("GET", first->url("/healthz")).body)
                .at("synchronous_standby")
                .as_string(),
            "synchronous");

  std::mutex mutex;
  std::vector<answer> answers;
  std::atomic<bool> posting{true};
  std::vector<std::thread> clients;
  for (int c = 0; c < 64; ++c) {
    clients.emplace_back([&, c] {
      auto& server = c % 2 ? *first : *second;
      for (int n = 0; posting; ++n) {
        const auto reply =
            http_call("POST", server.url("/api/contact"), {"Content-Type: application/json"},
                      lead_json("client " + std::to_string(c) + " lead " + std::to_string(n)));
        answer got{reply.status, {}, reply.header("retry-after"), steady::now()};
        if (reply.status == 202) got.id = boost::json::parse(reply.body).at("id").as_string();
        {
          const std::lock_guard lock(mutex);
          answers.push_back(std::move(got));
        }
        std::this_thread::sleep_for(reply.status == 202 ? 1s : 300ms);
      }
    });
  }
  std::this_thread::sleep_for(2s);
  const auto killed = steady::now();
  primary->kill_hard();
  std::this_thread::sleep_for(500ms);
  standby->promote();
  const auto promoted = steady::now();
  std::this_thread::sleep_for(6s);
  posting = false;
  for (auto& client : clients) client.join();

  std::set<std::string> acknowledged;
  std::size_t refused = 0;
  auto first_after = steady::time_point::max();
  for (const auto& each : answers) {
    if (each.status == 202) {
      acknowledged.insert(each.id);
      if (each.at >= promoted) first_after = std::min(first_after, each.at);
    } else {
      ++refused;
      EXPECT_EQ(each.status, 503);
      EXPECT_EQ(each.retry_after, "5") << "a lead refused in the gap is asked to come again";
    }
  }
  const auto ms = [](auto d) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
  };
  std::cout << "failover: " << acknowledged.size() << " leads acknowledged, " << refused
            << " refused with 503; the promotion took " << ms(promoted - killed)
            << " ms from the kill, the first 202 after it came " << ms(first_after - promoted)
            << " ms later\n";
  ASSERT_GT(acknowledged.size(), 64U);
  EXPECT_GT(refused, 0U) << "the primary's death was noticed";
  ASSERT_NE(first_after, steady::time_point::max());
  EXPECT_LE(first_after - promoted, 5s) << "the first 202 after the promotion";

  // Every acknowledged lead is on the new primary, and reaches the chat.
  const auto on_standby = query(with_hosts(db, {standby->socket_dir()}), "SELECT id FROM leads");
  const std::set<std::string> stored(on_standby.begin(), on_standby.end());
  for (const auto& id : acknowledged) EXPECT_TRUE(stored.contains(id)) << id << " was lost";
  std::map<std::string, int> delivered;
  for (int i = 0; i < 600; ++i) {
    delivered.clear();
    for (const auto& request : bot.requests()) {
      const auto at = request.body.find("Заявка ");
      if (request.answered_ok && at != std::string::npos) {
        ++delivered[request.body.substr(at + std::string("Заявка ").size(), 26)];
      }
    }
    const bool all = std::all_of(acknowledged.begin(), acknowledged.end(),
                                 [&](const std::string& id) { return delivered.contains(id); });
    if (all) break;
    std::this_thread::sleep_for(100ms);
  }
  int twice = 0;
  for (const auto& id : acknowledged) {
    EXPECT_TRUE(delivered.contains(id)) << id << " never reached the chat";
    twice += delivered[id] > 1 ? 1 : 0;
  }
  EXPECT_LE(twice, 1) << "at most the send in flight when the primary died, twice";

  // One replica leads again on the new primary (its advisory lock), and both replicas' listening
  // sessions are back there: each one LISTENs first, then tries the lock now and then.
  const auto promoted_db = with_hosts(db, {standby->socket_dir()});
  const auto is_leader = [](server_process& server) {
    return boost::json::parse(http_call("GET", server.url("/healthz")).body).at("leader").as_bool();
  };
  int leaders = 0;
  for (int i = 0; i < 50 && (leaders = int(is_leader(*first)) + int(is_leader(*second))) != 1;
       ++i) {
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(leaders, 1);
  EXPECT_EQ(query(promoted_db,
                  "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND "
                  "objid = 727002 AND granted"),
            std::vector<std::string>{"1"});
  EXPECT_EQ(query(promoted_db,
                  "SELECT count(*) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
                  "AND query LIKE '%pg_try_advisory_lock(727002)%'"),
            std::vector<std::string>{"2"});

  // The replicas say where they went, and what a disk loss would now cost.
  const auto health = boost::json::parse(http_call("GET", first->url("/healthz")).body);
  EXPECT_TRUE(
      std::string(health.at("database_host").as_string()).starts_with(standby->socket_dir()))
      << health;
  EXPECT_GE(health.at("reconnects").as_int64(), 1);
  EXPECT_EQ(health.at("synchronous_standby").as_string(), "none");
  EXPECT_TRUE(first->wait_for_event("no_synchronous_standby")) << "said as at start";
  const auto metrics = http_call("GET", first->url("/metrics")).body;
  EXPECT_NE(metrics.find("landing_database_reconnects_total "), std::string::npos);
  EXPECT_EQ(metrics.find("landing_database_reconnects_total 0\n"), std::string::npos);
  EXPECT_TRUE(first->wait_for_event("database_reconnected"));
  EXPECT_EQ(first->terminate(), 0);
  EXPECT_EQ(second->terminate(), 0);
}

// libpq passes a standby over (target_session_attrs=read-write): a --db that names only standbys
// is refused at start with a message that says so, instead of a server whose every write fails.
TEST_F(failover, a_standby_alone_is_refused_at_start_with_the_reason) {
  const auto refused =
      run_binary({"--site", (dir.path / "site").string(), "--db",
                  with_hosts(db, {standby->socket_dir()}), "--listen", "127.0.0.1:0"});
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.output.find("standby"), std::string::npos) << refused.output;
  EXPECT_EQ(refused.output.find(primary->password()), std::string::npos);
}

// What a lost disk would cost is said at start: nothing with a synchronous standby; the leads
// since the last backup without one.
TEST_F(failover, the_server_says_at_start_when_no_standby_holds_each_lead) {
  auto with_standby = start(both, "with");
  auto without = start(postgres_server::shared().new_database(), "without");
  EXPECT_TRUE(without->wait_for_event("no_synchronous_standby", 5s));
  EXPECT_EQ(boost::json::parse(http_call("GET", without->url("/healthz")).body)
                .at("synchronous_standby")
                .as_string(),
            "none");
  EXPECT_EQ(with_standby->output().find("no_synchronous_standby"), std::string::npos);
}

}  // namespace
}  // namespace landing::testing
