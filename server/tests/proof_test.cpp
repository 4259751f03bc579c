// Proofs of work against the reference library (npm altcha-lib 2, e2e/receivers/altcha.mjs) in
// both directions, and what a bot meets: posts without a proof store nothing, one proof carries
// one lead however often it is sent, in whichever replica it arrives, and the chat hears only of
// real leads.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>

#include "child_process.hpp"
#include "common/base64.hpp"
#include "minted_proof.hpp"
#include "postgres.hpp"
#include "support.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;

std::int64_t now_s() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

class proofs : public ::testing::Test {
 protected:
  void SetUp() override { make_site(dir.path / "site"); }

  std::unique_ptr<server_process> start(const std::string& db, const std::string& name = "a",
                                        std::vector<std::string> extra = {}) {
    auto args = delivery_test_args((dir.path / "site").string(), db);
    args.insert(args.end(), {"--rate-limit-burst", "100000", "--challenge-rate-burst", "3",
                             "--challenge-rate-per-minute", "1"});
    args.insert(args.end(), extra.begin(), extra.end());
    // Real work per challenge here: the reference solver is to search for the counter.
    return std::make_unique<server_process>(
        args,
        [&] {
          auto env = telegram_env(bot.base_url());
          env["LANDING_PROOF_ITERATIONS"] = "20";
          env["LANDING_PROOF_MAX_COUNTER"] = "50";
          return env;
        }(),
        dir.path / (name + ".log"));
  }
  [[nodiscard]] std::string sqlite() const { return (dir.path / "leads.db").string(); }

  // The reference library, fed one JSON object; its answer.
  boost::json::object altcha(const std::string& command, const boost::json::object& input) {
    write_file(dir.path / "in.json", boost::json::serialize(input));
    const auto script = (repository_root() / "e2e/receivers/altcha.mjs").string();
    const int rc =
        run_command({"sh", "-c",
                     "node " + script + " " + command + " < " + (dir.path / "in.json").string() +
                         " > " + (dir.path / "out.json").string()});
    EXPECT_EQ(rc, 0) << read_all(dir.path / "out.json");
    return boost::json::parse(read_all(dir.path / "out.json")).as_object();
  }

  static http_reply post(server_process& server, const std::string& proof,
                         const std::string& message = "A lead with its proof of work.") {
    auto body = boost::json::parse(lead_json(message)).as_object();
    if (!proof.empty()) body["altcha"] = proof;
    return http_call_exact("POST", server.url("/api/contact"),
                           {"Content-Type: application/json", "Origin: " + server.url("")},
                           boost::json::serialize(body));
  }
  static std::string refusal(const http_reply& reply) {
    const auto parsed = boost::json::parse(reply.body);
    const auto* errors = parsed.as_object().if_contains("errors");
    if (!errors || !errors->as_object().contains("proof")) return reply.body;
    return std::string(errors->at("proof").as_string());
  }

  temp_dir dir;
  fake_bot_api bot;
};

TEST_F(proofs, the_reference_library_solves_and_verifies_our_challenges_and_we_verify_its_own) {
  auto server = start(sqlite());
  const auto got = http_call("GET", server->url("/api/challenge"));
  ASSERT_EQ(got.status, 200) << got.body;
  EXPECT_EQ(got.header("cache-control"), "no-store");
  const auto ours = boost::json::parse(got.body).as_object();
  // altcha-lib solves it, and its verifySolution, holding our secret, accepts the solution.
  const auto solved = altcha("solve", {{"challenge", ours}, {"secret", test_proof_secret}});
  EXPECT_TRUE(solved.at("verified").as_bool());
  const auto accepted = post(*server, std::string(solved.at("payload").as_string()));
  EXPECT_EQ(accepted.status, 202) << accepted.body;

  // altcha-lib makes a challenge with our secret and solves it: we accept its proof.
  const auto theirs = altcha("create", {{"secret", test_proof_secret},
                                        {"iterations", 20},
                                        {"counter", 40},
                                        {"expiresAt", now_s() + 600}});
  const auto taken = post(*server, std::string(theirs.at("payload").as_string()));
  EXPECT_EQ(taken.status, 202) << taken.body;
  // One it made expired, one with another secret, one with the answer changed.
  const auto expired = altcha("create", {{"secret", test_proof_secret},
                                         {"iterations", 20},
                                         {"counter", 3},
                                         {"expiresAt", now_s() - 5}});
  EXPECT_EQ(refusal(post(*server, std::string(expired.at("payload").as_string()))), "expired");
  const auto foreign = altcha("create", {{"secret", "another studio's secret, 32 characters"},
                                         {"iterations", 20},
                                         {"counter", 3},
                                         {"expiresAt", now_s() + 600}});
  EXPECT_EQ(refusal(post(*server, std::string(foreign.at("payload").as_string()))), "invalid");
  auto wrong = boost::json::parse(
      std::string(*landing::base64_decode(std::string(theirs.at("payload").as_string()))));
  wrong.as_object()["solution"].as_object()["counter"] = 39;
  wrong.as_object()["solution"].as_object()["derivedKey"] = std::string(64, '0');
  EXPECT_EQ(refusal(post(*server, landing::base64_encode(boost::json::serialize(wrong)))),
            "invalid");
  // The two leads, and no more, reached the chat.
  ASSERT_TRUE(bot.wait_for(2, 15s));
  std::this_thread::sleep_for(500ms);
  EXPECT_EQ(bot.requests().size(), 2U);
  const auto metrics = http_call("GET", server->url("/metrics")).body;
  EXPECT_NE(metrics.find("landing_proofs_total{outcome=\"accepted\"} 2"), std::string::npos)
      << metrics;
  EXPECT_NE(metrics.find(R"(landing_proofs_total{outcome="refused",reason="expired"} 1)"),
            std::string::npos);
  EXPECT_NE(metrics.find(R"(landing_proofs_total{outcome="refused",reason="invalid"} 2)"),
            std::string::npos);
  EXPECT_NE(metrics.find(R"(landing_proof_challenges_total{outcome="issued"} 1)"),
            std::string::npos);
}

TEST_F(proofs, a_bot_without_a_proof_stores_nothing_and_one_proof_carries_one_lead) {
  auto server = start(sqlite());
  int refused = 0;
  for (int i = 0; i < 1000; ++i) {
    refused += refusal(post(*server, "", "Buy now " + std::to_string(i))) == "required" ? 1 : 0;
  }
  EXPECT_EQ(refused, 1000);
  const auto proof = minted_proof();
  int accepted = 0;
  int reused = 0;
  for (int i = 0; i < 1000; ++i) {
    const auto reply = post(*server, proof, "The same proof, again: " + std::to_string(i));
    accepted += reply.status == 202 ? 1 : 0;
    reused += refusal(reply) == "reused" ? 1 : 0;
  }
  EXPECT_EQ(accepted, 1);
  EXPECT_EQ(reused, 999);
  ASSERT_TRUE(bot.wait_for(1, 15s));
  std::this_thread::sleep_for(1s);
  EXPECT_EQ(bot.requests().size(), 1U) << "only the one real lead reached the chat";
  const auto metrics = http_call("GET", server->url("/metrics")).body;
  EXPECT_NE(metrics.find(R"(landing_leads_total{outcome="accepted"} 1)"), std::string::npos);
  EXPECT_NE(metrics.find(R"(landing_leads_total{outcome="rejected"} 1999)"), std::string::npos)
      << metrics;
}

TEST_F(proofs, a_client_asking_too_many_challenges_waits_and_others_do_not) {
  auto server = start(sqlite(), "a", {"--trust-proxy", "127.0.0.1/32"});
  const auto ask = [&](const std::string& client) {
    return http_call("GET", server->url("/api/challenge"), {"X-Forwarded-For: " + client});
  };
  for (int i = 0; i < 3; ++i) EXPECT_EQ(ask("203.0.113.7").status, 200);
  const auto limited = ask("203.0.113.7");
  EXPECT_EQ(limited.status, 429);
  EXPECT_FALSE(limited.header("retry-after").empty());
  EXPECT_EQ(ask("203.0.113.8").status, 200);
  EXPECT_EQ(http_call_exact("POST", server->url("/api/challenge")).status, 405);
}

// One message from three addresses within a day is a campaign: the third address's lead is filed
// as spam and the chat does not hear of it; the same words from one address are a person.
TEST_F(proofs, the_same_message_from_a_third_address_is_filed_as_spam_without_a_chat_message) {
  auto server = start(sqlite(), "repeats", {"--trust-proxy", "127.0.0.1/32"});
  const auto from = [&](const std::string& client, const std::string& message) {
    auto body = boost::json::parse(lead_json(message)).as_object();
    body["altcha"] = minted_proof();
    return http_call_exact("POST", server->url("/api/contact"),
                           {"Content-Type: application/json", "Origin: " + server->url(""),
                            "X-Forwarded-For: " + client},
                           boost::json::serialize(body));
  };
  const std::string campaign = "Cheap followers for your channel, visit our shop today!";
  EXPECT_EQ(from("198.51.100.1", campaign).status, 202);
  EXPECT_EQ(
      from("198.51.100.1", "  CHEAP followers for your channel... visit our shop today").status,
      202);
  EXPECT_EQ(from("198.51.100.2", campaign).status, 202);
  EXPECT_EQ(from("198.51.100.3", campaign).status, 202) << "a bot learns nothing";
  EXPECT_EQ(from("198.51.100.4", "cheap FOLLOWERS for your channel, visit our shop today").status,
            202);
  EXPECT_EQ(from("198.51.100.5", "Another text entirely, about a shop we need built.").status, 202);
  ASSERT_TRUE(bot.wait_for(4, 15s));
  std::this_thread::sleep_for(1s);
  EXPECT_EQ(bot.requests().size(), 4U) << "two from the first address, the second's, the other";
  const auto spam = run_binary({"--db", sqlite(), "leads", "list", "--status", "spam"}).output;
  EXPECT_EQ(std::count(spam.begin(), spam.end(), '\n'), 3) << spam;
  const auto metrics = http_call("GET", server->url("/metrics")).body;
  EXPECT_NE(metrics.find("landing_repeated_message_leads_total 2"), std::string::npos) << metrics;
}

// The rule's two measures as every other per-client rule and every alphabet has them: the
// addresses of one IPv6 /64 are one client, and a short message in Cyrillic (fewer than 16
// letters, though more than 16 bytes) has no key, so three visitors who write it are people.
TEST_F(proofs, one_ipv6_64_is_one_sender_and_short_words_in_any_alphabet_are_no_campaign) {
  auto server = start(sqlite(), "repeats64", {"--trust-proxy", "127.0.0.1/32"});
  const auto from = [&](const std::string& client, const std::string& message) {
    auto body = boost::json::parse(lead_json(message)).as_object();
    body["altcha"] = minted_proof();
    return http_call_exact("POST", server->url("/api/contact"),
                           {"Content-Type: application/json", "Origin: " + server->url(""),
                            "X-Forwarded-For: " + client},
                           boost::json::serialize(body));
  };
  const std::string campaign = "Cheap followers for your channel, visit our shop today!";
  for (const auto* address : {"2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::3"}) {
    EXPECT_EQ(from(address, campaign).status, 202) << address;
  }
  for (const auto* address : {"198.51.100.21", "198.51.100.22", "198.51.100.23"}) {
    EXPECT_EQ(from(address, "Перезвоните мне").status, 202) << address;
    EXPECT_EQ(from(address, "Нужен сайт").status, 202) << address;
  }
  ASSERT_TRUE(bot.wait_for(9, 20s));
  std::this_thread::sleep_for(1s);
  EXPECT_EQ(bot.requests().size(), 9U) << "none of them was filed as spam";
  const auto spam = run_binary({"--db", sqlite(), "leads", "list", "--status", "spam"}).output;
  EXPECT_EQ(std::count(spam.begin(), spam.end(), '\n'), 1) << spam;  // the header alone
}

// A form posted without JavaScript cannot solve a challenge: it is taken, under a limit of its
// own, and marked wherever the studio reads it; the studio may refuse such forms instead.
TEST_F(proofs, a_form_without_javascript_is_taken_marked_and_under_a_limit_of_its_own) {
  auto env = telegram_env(bot.base_url());
  env["LANDING_UNPROVEN_FORMS_PER_HOUR"] = "2";
  auto args = delivery_test_args((dir.path / "site").string(), sqlite());
  args.insert(args.end(), {"--rate-limit-burst", "1000"});
  auto server = std::make_unique<server_process>(args, env, dir.path / "form.log");
  const auto form = [&](const std::string& name) {
    return http_call(
        "POST", server->url("/api/contact"),
        {"Content-Type: application/x-www-form-urlencoded", "Origin: " + server->url("")},
        "name=" + name + "&social=%40form_user&email=form%40example.com&message=" +
            "Sent+without+JavaScript.&locale=en&website=");
  };
  EXPECT_EQ(form("Fedor").status, 303);
  EXPECT_EQ(form("Fekla").status, 303);
  const auto third = form("Filat");
  EXPECT_EQ(third.status, 429) << "a third within the hour";
  EXPECT_FALSE(third.header("retry-after").empty());
  EXPECT_EQ(post(*server, minted_proof()).status, 202) << "a lead with a proof is not held back";
  ASSERT_TRUE(bot.wait_for(3, 15s));
  EXPECT_EQ(bot.delivered_containing("без проверки: форма без JavaScript"), 2U);
  const auto csv = run_binary({"--db", sqlite(), "leads", "export", "--csv"}).output;
  std::size_t marked = 0;
  for (auto at = csv.find(",yes,"); at != std::string::npos; at = csv.find(",yes,", at + 1)) {
    ++marked;
  }
  EXPECT_EQ(marked, 2U) << csv;
  const auto line = csv.rfind('\n', csv.find(",yes,")) + 1;
  const auto first_id = csv.substr(line, 26);
  const auto shown = run_binary({"--db", sqlite(), "leads", "show", first_id}).output;
  EXPECT_NE(shown.find("proof: none (a form posted without JavaScript)"), std::string::npos)
      << shown;
  const auto metrics = http_call("GET", server->url("/metrics")).body;
  EXPECT_NE(metrics.find("landing_unproven_form_leads_total 2"), std::string::npos) << metrics;
}

TEST_F(proofs, a_studio_may_refuse_forms_without_a_proof) {
  auto server = start(sqlite(), "strict", {"--proof-required-for-forms"});
  const auto refused =
      http_call("POST", server->url("/api/contact"),
                {"Content-Type: application/x-www-form-urlencoded", "Origin: " + server->url("")},
                "name=Fedor&social=%40form_user&email=form%40example.com&message=Sent+without+"
                "JavaScript.&locale=en&website=");
  EXPECT_EQ(refused.status, 422);
  EXPECT_NE(refused.body.find("another way en"), std::string::npos) << refused.body;
  std::this_thread::sleep_for(500ms);
  EXPECT_TRUE(bot.requests().empty());
}

// Replicas on one PostgreSQL: the secret one of them drew is every replica's, and a proof spent
// in one is spent in all.
TEST_F(proofs, replicas_share_the_secret_and_a_replay_in_another_replica_is_refused) {
  const auto db = postgres_server::shared().new_database();
  std::map<std::string, std::string> drawn_secret = telegram_env(bot.base_url());
  drawn_secret["LANDING_PROOF_SECRET_FILE"] = "";
  const auto replica = [&](const std::string& name) {
    auto args = delivery_test_args((dir.path / "site").string(), db);
    args.insert(args.end(), {"--rate-limit-burst", "1000"});
    return std::make_unique<server_process>(args, drawn_secret, dir.path / (name + ".log"));
  };
  auto first = replica("first");
  auto second = replica("second");
  const auto challenge = boost::json::parse(http_call("GET", first->url("/api/challenge")).body);
  const auto solved = altcha("solve", {{"challenge", challenge}});
  const std::string proof(solved.at("payload").as_string());
  EXPECT_EQ(post(*second, proof).status, 202) << "the second replica knows the first's secret";
  EXPECT_EQ(refusal(post(*first, proof)), "reused");
  EXPECT_EQ(refusal(post(*second, proof)), "reused");
  EXPECT_EQ(refusal(post(*first, minted_proof())), "invalid") << "not the tests' secret here";
}

}  // namespace
}  // namespace landing::testing
