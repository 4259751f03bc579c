// Replicas on one real PostgreSQL (the tests' own): leads posted to both while Telegram fails
// and one replica dies, the leader's failover, the database going away and coming back, the
// operators' commands and migrate-db on a PostgreSQL URI.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json/parse.hpp>
#include <mutex>
#include <set>
#include <thread>

#include "leads/triage.hpp"
#include "postgres.hpp"
#include "storage/sqlite/store.hpp"
#include "support.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;
using answer = fake_bot_api::answer;

class replicas : public ::testing::Test {
 protected:
  void SetUp() override { make_site(dir.path / "site"); }

  std::unique_ptr<server_process> start(const std::string& db, const std::string& name,
                                        const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args = delivery_test_args((dir.path / "site").string(), db);
    args.insert(args.end(), {"--outbox-lease-ms", "3000"});
    if (std::find(extra.begin(), extra.end(), "--rate-limit-burst") == extra.end()) {
      args.insert(args.end(), {"--rate-limit-burst", "1000"});
    }
    args.insert(args.end(), extra.begin(), extra.end());
    return std::make_unique<server_process>(args, telegram_env(bot.base_url()),
                                            dir.path / (name + ".log"));
  }
  static http_reply post(server_process& server, const std::string& message,
                         const std::vector<std::string>& extra = {}) {
    std::vector<std::string> headers{"Content-Type: application/json"};
    headers.insert(headers.end(), extra.begin(), extra.end());
    return http_call("POST", server.url("/api/contact"), headers, lead_json(message));
  }
  static std::string id_of(const http_reply& reply) {
    return std::string(boost::json::parse(reply.body).at("id").as_string());
  }
  static boost::json::object health(server_process& server) {
    const auto reply = http_call("GET", server.url("/healthz"));
    boost::system::error_code ec;
    const auto value = boost::json::parse(reply.body, ec);
    return ec || !value.is_object() ? boost::json::object{} : value.as_object();
  }
  static bool is_leader(server_process& server) {
    const auto found = health(server);
    const auto* leader = found.if_contains("leader");
    return leader && leader->is_bool() && leader->as_bool();
  }
  std::string status_of(const std::string& db, const std::string& id) {
    const auto shown = run_binary({"leads", "show", id, "--db", db}).output;
    const auto at = shown.find("status: ");
    return at == std::string::npos ? "" : shown.substr(at + 8, shown.find('\n', at) - at - 8);
  }

  temp_dir dir;
  fake_bot_api bot;
};

// Two replicas share one database; Telegram fails; leads arrive at both; one replica is killed
// mid-burst; Telegram recovers. Every acknowledged lead arrives, at most the killed replica's
// send in flight arrives twice, and the chat never gets more than one message a second.
TEST_F(replicas, every_acknowledged_lead_is_delivered_once_at_a_paced_rate_when_one_dies) {
  const auto db = postgres_server::shared().new_database();
  auto first = start(db, "first");
  auto second = start(db, "second");
  bot.otherwise(answer::server_error);
  std::mutex mutex;
  std::vector<std::string> acknowledged;
  const auto burst = [&](server_process& server, int count, const std::string& tag) {
    for (int i = 0; i < count; ++i) {
      const auto reply = post(server, tag + " lead " + std::to_string(i));
      if (reply.status == 202) {
        const std::lock_guard lock(mutex);
        acknowledged.push_back(id_of(reply));
      }
    }
  };
  std::thread to_first([&] { burst(*first, 8, "first"); });
  std::thread to_second([&] { burst(*second, 8, "second"); });
  std::this_thread::sleep_for(150ms);
  first->kill_hard();
  to_first.join();
  to_second.join();
  ASSERT_GE(acknowledged.size(), 8U);
  std::this_thread::sleep_for(1500ms);
  bot.otherwise(answer::ok);

  const auto deadline = std::chrono::steady_clock::now() + 60s;
  std::set<std::string> undelivered(acknowledged.begin(), acknowledged.end());
  while (!undelivered.empty() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(250ms);
    for (auto it = undelivered.begin(); it != undelivered.end();) {
      it = bot.delivered_containing(*it) > 0 ? undelivered.erase(it) : std::next(it);
    }
  }
  EXPECT_TRUE(undelivered.empty()) << undelivered.size() << " not delivered\n" << second->output();
  std::size_t twice = 0;
  for (const auto& id : acknowledged) {
    const auto copies = bot.delivered_containing(id);
    EXPECT_LE(copies, 2U) << id;
    twice += copies > 1 ? 1 : 0;
  }
  EXPECT_LE(twice, 1U);
  // Pacing across both replicas, failed calls included.
  const auto requests = bot.requests();
  for (std::size_t i = 1; i < requests.size(); ++i) {
    EXPECT_GE(requests[i].at - requests[i - 1].at, 950ms) << "requests " << i - 1 << " and " << i;
  }
  EXPECT_EQ(second->terminate(), 0);
}

TEST_F(replicas, another_replica_leads_within_ten_seconds_of_the_leader_dying) {
  const auto db = postgres_server::shared().new_database();
  auto first = start(db, "first");
  auto second = start(db, "second");
  const auto one_leads = [&] {
    for (int i = 0; i < 50; ++i) {
      const int leaders = (is_leader(*first) ? 1 : 0) + (is_leader(*second) ? 1 : 0);
      if (leaders == 1) return true;
      std::this_thread::sleep_for(100ms);
    }
    return false;
  };
  ASSERT_TRUE(one_leads());
  auto& leader = is_leader(*first) ? first : second;
  auto& other = is_leader(*first) ? second : first;
  leader->kill_hard();
  const auto killed = std::chrono::steady_clock::now();
  while (!is_leader(*other) && std::chrono::steady_clock::now() - killed < 12s) {
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(is_leader(*other));
  EXPECT_LT(std::chrono::steady_clock::now() - killed, 10s);
  EXPECT_NE(other->output().find("leadership_acquired"), std::string::npos);
  EXPECT_EQ(other->terminate(), 0);
}

// The rate limit holds across replicas: two of them together allow one client the same burst.
TEST_F(replicas, the_per_client_limit_is_shared) {
  const auto db = postgres_server::shared().new_database();
  std::vector<std::string> limited{"--rate-limit-burst", "4", "--trust-proxy", "127.0.0.1/32"};
  auto first = start(db, "first", limited);
  auto second = start(db, "second", limited);
  int accepted = 0;
  int refused = 0;
  for (int i = 0; i < 10; ++i) {
    auto& server = i % 2 ? *first : *second;
    const auto reply = post(server, "Limited " + std::to_string(i), {"X-Forwarded-For: 10.7.7.7"});
    accepted += reply.status == 202;
    refused += reply.status == 429;
    if (reply.status == 429) {
      EXPECT_FALSE(reply.header("retry-after").empty());
    }
  }
  EXPECT_EQ(accepted, 4);
  EXPECT_EQ(refused, 6);
  EXPECT_EQ(post(*first, "Another client", {"X-Forwarded-For: 10.7.7.8"}).status, 202);
  // An IPv6 client is its /64 in the shared buckets too: a fresh address per lead gains nothing.
  accepted = 0;
  for (int i = 0; i < 10; ++i) {
    auto& server = i % 2 ? *first : *second;
    const auto client = "X-Forwarded-For: 2001:db8:77:77:" + std::to_string(i + 1) + "::1";
    accepted += post(server, "Limited v6 " + std::to_string(i), {client}).status == 202;
  }
  EXPECT_EQ(accepted, 4);
  EXPECT_EQ(post(*second, "Another /64", {"X-Forwarded-For: 2001:db8:77:78::1"}).status, 202);
}

// The forms sent without JavaScript have their small limit shared too: a client alternating
// between two replicas gets --unproven-forms-per-hour of them through, not that many per replica.
TEST_F(replicas, the_limit_of_forms_without_javascript_is_shared) {
  const auto db = postgres_server::shared().new_database();
  std::vector<std::string> limited{"--unproven-forms-per-hour", "3", "--trust-proxy",
                                   "127.0.0.1/32"};
  auto first = start(db, "first", limited);
  auto second = start(db, "second", limited);
  const auto form = [](server_process& server, int i, const std::string& client) {
    return http_call(
        "POST", server.url("/api/contact"),
        {"Content-Type: application/x-www-form-urlencoded", "Origin: " + server.url(""),
         "X-Forwarded-For: " + client},
        "name=Form" + std::to_string(i) +
            "&social=%40form_user&email=form%40example.com&message=Sent+without+JavaScript+" +
            std::to_string(i) + ".&locale=en&website=");
  };
  int accepted = 0;
  int refused = 0;
  for (int i = 0; i < 6; ++i) {
    const auto reply = form(i % 2 ? *first : *second, i, "10.9.9.9");
    accepted += reply.status == 303;
    refused += reply.status == 429;
  }
  EXPECT_EQ(accepted, 3);
  EXPECT_EQ(refused, 3);
  EXPECT_EQ(form(*first, 9, "10.9.9.10").status, 303) << "another client has its own";
  // A lead with a proof is under the lead limit only.
  EXPECT_EQ(post(*second, "With a script", {"X-Forwarded-For: 10.9.9.9"}).status, 202);
}

// The database stops under load: no 202 without storage, pages go on, /healthz says so, and the
// server recovers by itself once it is back, having lost nothing it acknowledged.
TEST_F(replicas, survives_the_database_going_away_and_coming_back) {
  postgres_server own(dir.path / "pg", true);
  const auto db = own.new_database();
  auto server = start(db, "only");
  std::mutex mutex;
  std::vector<std::string> acknowledged;
  int unavailable = 0;
  std::atomic<bool> posting{true};
  std::thread load([&] {
    for (int i = 0; posting; ++i) {
      const auto reply = post(*server, "Load " + std::to_string(i));
      const std::lock_guard lock(mutex);
      if (reply.status == 202) acknowledged.push_back(id_of(reply));
      if (reply.status == 503) ++unavailable;
      std::this_thread::sleep_for(20ms);
    }
  });
  std::this_thread::sleep_for(500ms);
  own.stop();
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(http_call("GET", server->url("/en")).status, 200);
  EXPECT_EQ(http_call("GET", server->url("/healthz")).status, 503);
  own.start();
  const auto back = std::chrono::steady_clock::now();
  while (http_call("GET", server->url("/healthz")).status != 200 &&
         std::chrono::steady_clock::now() - back < 15s) {
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(http_call("GET", server->url("/healthz")).status, 200);
  std::this_thread::sleep_for(500ms);
  posting = false;
  load.join();
  EXPECT_GT(unavailable, 0);
  EXPECT_EQ(post(*server, "After the outage").status, 202);
  EXPECT_EQ(server->terminate(), 0);
  for (const auto& id : acknowledged) EXPECT_FALSE(status_of(db, id).empty()) << id;
  EXPECT_EQ(server->output().find(own.password()), std::string::npos);
}

TEST_F(replicas, replicas_starting_together_migrate_once) {
  const auto db = postgres_server::shared().new_database();
  std::unique_ptr<server_process> first;
  std::unique_ptr<server_process> second;
  std::thread a([&] { first = start(db, "first"); });
  std::thread b([&] { second = start(db, "second"); });
  a.join();
  b.join();
  ASSERT_TRUE(first && second);
  EXPECT_EQ(post(*first, "To the first").status, 202);
  EXPECT_EQ(post(*second, "To the second").status, 202);
}

// The operators' commands take the URI as they take a file, and no message, not even a wrong
// command line, ever shows its password.
TEST_F(replicas, operators_commands_work_on_a_uri_and_never_show_its_password) {
  const auto db = postgres_server::shared().new_database();
  const auto& password = postgres_server::shared().password();
  auto server = start(db, "only");
  const auto id = id_of(post(*server, "For the operators"));
  auto listed = run_binary({"leads", "list", "--db", db});
  EXPECT_EQ(listed.exit_code, 0);
  EXPECT_NE(listed.output.find(id), std::string::npos);
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"leads", "show", id, "--db", db},
                                             {"leads", "export", "--csv", "--db", db},
                                             {"leads", "list", "--db", db + "_missing"},
                                             {"--db", db, "unexpected", "arguments"},
                                             {"leads", "list", "--db", db, "--no-such-flag"}}) {
    const auto result = run_binary(args);
    EXPECT_EQ(result.output.find(password), std::string::npos) << result.output;
  }
  const auto missing = run_binary({"leads", "list", "--db", db + "_missing"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.output.find("***"), std::string::npos) << missing.output;
  EXPECT_EQ(server->terminate(), 0);
  EXPECT_EQ(server->output().find(password), std::string::npos);
}

// A URI of an engine the server does not know is refused, never taken for a file name.
TEST(engines, an_unknown_database_uri_is_refused_and_creates_nothing) {
  const temp_dir dir;
  make_site(dir.path / "site");
  for (const std::string uri :
       {"mysql://root:hunter2@db/leads", "sqlite://leads.db", "redis://:hunter2@cache"}) {
    const auto result = run_binary(
        {"--site", (dir.path / "site").string(), "--listen", "127.0.0.1:0", "--db", uri});
    EXPECT_EQ(result.exit_code, 2) << uri;
    EXPECT_NE(result.output.find("unsupported database URI"), std::string::npos) << result.output;
    EXPECT_EQ(result.output.find("hunter2"), std::string::npos) << result.output;
    EXPECT_FALSE(std::filesystem::exists(std::filesystem::path(uri).parent_path())) << uri;
  }
}

TEST_F(replicas, migrate_db_copies_every_lead_once_and_verifies) {
  const auto file = (dir.path / "old.db").string();
  std::vector<std::string> ids;
  {
    storage::sqlite::store old(file);
    const storage::new_lead lead{{"Anna", "@anna", "a@b.co", "Hello"}, "en", "10.0.0.1"};
    ids = old.insert_batch({lead, lead, lead, lead}, {"telegram"});
    auto spam = lead;
    spam.spam = true;
    ids.push_back(old.insert_batch({spam}, {"telegram"}).front());
    ids.push_back(old.insert_batch({lead}, {}).front());
    old.mark_delivered("telegram", ids[0], {1000, "ok", 0}, {42, 5});
    old.mark_failed("telegram", ids[1], "http 400: chat not found", {1000, "refused", 0});
    old.reschedule("telegram", ids[2], 5000, "http 502", {1000, "error", 0});
    // The desk: a lead taken in the chat, and the getUpdates offset.
    ASSERT_TRUE(
        leads::triage::apply(old, ids[0], leads::triage::action::take, {101, "Анна"}, 2000, "q1")
            .applied);
    old.set_setting("telegram.update_offset", "900");
  }
  const auto db = postgres_server::shared().new_database();
  auto first_run = run_binary({"migrate-db", "--from", file, "--to", db});
  EXPECT_EQ(first_run.exit_code, 0) << first_run.output;
  EXPECT_NE(first_run.output.find("copied 6 leads, 0 were there already; 6 of 6"),
            std::string::npos)
      << first_run.output;
  auto second_run = run_binary({"migrate-db", "--from", file, "--to", db});
  EXPECT_EQ(second_run.exit_code, 0) << second_run.output;
  EXPECT_NE(second_run.output.find("copied 0 leads, 6 were there already; 6 of 6"),
            std::string::npos)
      << second_run.output;
  EXPECT_EQ(first_run.output.find(postgres_server::shared().password()), std::string::npos);
  EXPECT_NE(first_run.output.find("1 settings copied"), std::string::npos) << first_run.output;
  EXPECT_EQ(status_of(db, ids[0]), "delivered");
  const auto shown = run_binary({"leads", "show", ids[0], "--db", db}).output;
  EXPECT_NE(shown.find("triage: taken\ntaken_by: Анна\n"), std::string::npos) << shown;
  EXPECT_NE(shown.find("\ttake\tАнна (id 101)\n"), std::string::npos) << shown;
  EXPECT_EQ(status_of(db, ids[1]), "failed");
  EXPECT_EQ(status_of(db, ids[2]), "pending");
  EXPECT_EQ(status_of(db, ids[4]), "spam");
  EXPECT_EQ(status_of(db, ids[5]), "held");
  // The copy's outbox keeps going: a replica on it delivers what was pending.
  auto server = start(db, "after");
  for (int i = 0; i < 100 && bot.delivered_containing(ids[2]) == 0; ++i) {
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(bot.delivered_containing(ids[2]), 1U);
  EXPECT_EQ(bot.delivered_containing(ids[0]), 0U);
}

}  // namespace
}  // namespace landing::testing
