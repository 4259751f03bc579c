// Leads through the real binary to a CRM's webhook: each delivery verified by the official
// standardwebhooks npm library inside the receiver (e2e/receivers/), beside a fake Bot API.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <thread>

#include "child_process.hpp"
#include "support.hpp"
#include "webhook/secret.hpp"
#include "webhook/signature.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;

std::string lead_json(const std::string& name) {
  return boost::json::serialize(boost::json::object{{"name", name},
                                                    {"social", "@anna_dev"},
                                                    {"email", "anna@example.com"},
                                                    {"message", "Нужен сайт"},
                                                    {"locale", "ru"},
                                                    {"consent", test_consent_version}});
}

class webhook : public ::testing::Test {
 protected:
  void SetUp() override {
    make_site(dir.path / "site");
    secret = landing::webhook::new_secret();
    write_file(dir.path / "secret", secret + "\n");
    receiver = std::make_unique<child_process>(
        std::vector<std::string>{
            "node", (repository_root() / "e2e/receivers/webhook-receiver.mjs").string(), "--port",
            "0", "--secret-file", (dir.path / "secret").string()},
        dir.path / "receiver.log");
  }

  [[nodiscard]] std::string hook_url() const {
    return "http://127.0.0.1:" + std::to_string(receiver->port()) + "/hooks/leads";
  }
  [[nodiscard]] std::string control(const std::string& path) const {
    return "http://127.0.0.1:" + std::to_string(receiver->port()) + "/_control/" + path;
  }
  [[nodiscard]] std::string db() const { return (dir.path / "leads.db").string(); }

  std::vector<std::string> args(std::vector<std::string> extra = {}) {
    auto out = delivery_test_args((dir.path / "site").string(), db());
    out.insert(out.end(),
               {"--rate-limit-burst", "100", "--webhook-url", hook_url(), "--webhook-secret-file",
                (dir.path / "secret").string(), "--webhook-allow-private"});
    out.insert(out.end(), extra.begin(), extra.end());
    return out;
  }

  std::unique_ptr<server_process> start(std::vector<std::string> extra = {}) {
    return std::make_unique<server_process>(args(std::move(extra)), telegram_env(bot.base_url()),
                                            dir.path / "server.log");
  }

  std::string post(server_process& server, const std::string& name) {
    const auto reply = http_call("POST", server.url("/api/contact"),
                                 {"Content-Type: application/json"}, lead_json(name));
    EXPECT_EQ(reply.status, 202) << reply.body;
    return std::string(boost::json::parse(reply.body).at("id").as_string());
  }

  boost::json::array deliveries() {
    const auto reply = http_call("GET", control("deliveries"));
    return boost::json::parse(reply.body).as_array();
  }

  bool wait_for_deliveries(std::size_t n, std::chrono::milliseconds limit = 10s) {
    for (int i = 0; i < limit / 50ms; ++i) {
      if (deliveries().size() >= n) return true;
      std::this_thread::sleep_for(50ms);
    }
    return false;
  }

  void script(const std::string& json) {
    const auto reply =
        http_call("POST", control("script"), {"Content-Type: application/json"}, json);
    ASSERT_EQ(reply.status, 200) << reply.body;
  }

  std::string show(const std::string& id) {
    return run_binary({"leads", "show", id, "--db", db()}).output;
  }

  temp_dir dir;
  fake_bot_api bot;
  std::string secret;
  std::unique_ptr<child_process> receiver;
};

std::string text(const boost::json::value& value, const char* key) {
  const auto* found = value.as_object().if_contains(key);
  return found && found->is_string() ? std::string(found->as_string()) : std::string();
}

TEST_F(webhook, a_visitors_lead_reaches_the_chat_and_the_receiver_signed) {
  auto server = start();
  const auto id = post(*server, "Анна");
  ASSERT_TRUE(wait_for_deliveries(1)) << receiver->output() << server->output();
  ASSERT_TRUE(bot.wait_for(1, 5s));
  const auto got = deliveries().at(0);
  EXPECT_TRUE(got.at("verified").as_bool()) << boost::json::serialize(got);
  const auto& headers = got.at("headers");
  EXPECT_EQ(text(headers, "webhook-id"), id);
  EXPECT_EQ(text(headers, "content-type"), "application/json");
  const auto body = boost::json::parse(text(got, "body"));
  EXPECT_EQ(text(body, "type"), "lead.created");
  EXPECT_EQ(text(body.at("data"), "id"), id);
  EXPECT_EQ(text(body.at("data"), "name"), "Анна");
  EXPECT_EQ(text(body.at("data"), "email"), "anna@example.com");
  EXPECT_EQ(text(body.at("data"), "locale"), "ru");
  const auto shown = read_until([&] { return show(id); }, {"  telegram\tdelivered\t1 attempts",
                                                           "  webhook\tdelivered\t1 attempts"});
  EXPECT_NE(shown.find("  telegram\tdelivered\t1 attempts"), std::string::npos) << shown;
  EXPECT_NE(shown.find("  webhook\tdelivered\t1 attempts"), std::string::npos) << shown;
  EXPECT_NE(shown.find("\twebhook\t204\t"), std::string::npos) << shown;
}

TEST_F(webhook, while_the_receiver_fails_telegram_delivers_and_the_lead_waits_for_it) {
  script(R"({"responses":[{"status":503,"headers":{"Retry-After":"1"}},)"
         R"({"status":429,"headers":{"Retry-After":"1"}},)"
         R"({"status":302,"headers":{"Location":"http://127.0.0.1:1/"}}],"then":{"status":204}})");
  auto server = start();
  const auto id = post(*server, "Boris");
  ASSERT_TRUE(bot.wait_for(1, 5s)) << "the chat is not held up by the receiver";
  // 503 and 429 each with Retry-After: 1 s, obeyed; then a 302, which is a failure; the next
  // attempt is the schedule's (5 min after the second).
  ASSERT_TRUE(wait_for_deliveries(3, 8s))
      << boost::json::serialize(deliveries()) << show(id) << server->output();
  const auto shown = read_until([&] { return show(id); },
                                {"  webhook\tpending\t3 attempts", "  telegram\tdelivered"});
  EXPECT_NE(shown.find("  webhook\tpending\t3 attempts"), std::string::npos) << shown;
  EXPECT_NE(shown.find("  telegram\tdelivered"), std::string::npos) << shown;
  EXPECT_NE(shown.find("HTTP 302 (a redirect is not followed"), std::string::npos) << shown;
  for (const char* result : {"\twebhook\t503\t", "\twebhook\t429\t", "\twebhook\t302\t"}) {
    EXPECT_NE(shown.find(result), std::string::npos) << result << shown;
  }
  const auto all = deliveries();
  for (const auto& each : all) {
    EXPECT_EQ(text(each.at("headers"), "webhook-id"), id) << "the same id on every attempt";
    EXPECT_TRUE(each.at("verified").as_bool());
  }
  for (std::size_t i = 1; i < all.size(); ++i) {
    const auto gap = all[i].at("at").to_number<double>() - all[i - 1].at("at").to_number<double>();
    EXPECT_GE(gap, 900) << "Retry-After: 1 was honoured";
    EXPECT_LT(gap, 3000);
  }
  EXPECT_EQ(all.size(), 3U);
}

TEST_F(webhook, a_410_turns_the_channel_off_until_an_operator_turns_it_on) {
  script(R"({"responses":[{"status":410}],"then":{"status":204}})");
  auto server = start();
  const auto first = post(*server, "Vera");
  ASSERT_TRUE(wait_for_deliveries(1));
  // The studio hears of it in the chat, once.
  ASSERT_TRUE(bot.wait_for(2, 5s));
  const auto second = post(*server, "Gleb");
  ASSERT_TRUE(bot.wait_for(3, 5s));
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(deliveries().size(), 1U) << "nothing more went to a receiver that said 410";
  EXPECT_NE(show(second).find("  webhook\tdisabled"), std::string::npos) << show(second);
  const auto health = http_call("GET", server->url("/healthz"));
  EXPECT_NE(health.body.find(R"("webhook":{"configured":true)"), std::string::npos) << health.body;
  EXPECT_NE(health.body.find(R"("state":"disabled")"), std::string::npos) << health.body;
  const auto on = run_binary({"leads", "retry", "--channel", "webhook", "--db", db()});
  EXPECT_EQ(on.exit_code, 0) << on.output;
  EXPECT_NE(on.output.find("2 leads queued"), std::string::npos) << on.output;
  ASSERT_TRUE(wait_for_deliveries(3, 10s)) << server->output();
  EXPECT_NE(show(first).find("  webhook\tdelivered"), std::string::npos);
  EXPECT_NE(show(second).find("  webhook\tdelivered"), std::string::npos);
}

TEST_F(webhook, after_kill_9_mid_delivery_the_lead_arrives_with_its_id_and_a_fresh_signature) {
  script(R"({"responses":[{"status":204,"delayMs":4000}],"then":{"status":204}})");
  auto server = start();
  const auto id = post(*server, "Dina");
  ASSERT_TRUE(wait_for_deliveries(1, 5s));
  std::this_thread::sleep_for(1100ms);  // a second later, so the new timestamp differs
  server->kill_hard();
  server = start({"--outbox-lease-ms", "500"});
  ASSERT_TRUE(wait_for_deliveries(2, 10s)) << server->output();
  const auto all = deliveries();
  EXPECT_EQ(text(all[0].at("headers"), "webhook-id"), id);
  EXPECT_EQ(text(all[1].at("headers"), "webhook-id"), id);
  EXPECT_TRUE(all[1].at("verified").as_bool());
  EXPECT_GT(std::stoll(text(all[1].at("headers"), "webhook-timestamp")),
            std::stoll(text(all[0].at("headers"), "webhook-timestamp")));
}

TEST_F(webhook, redeliver_sends_again_with_the_same_id_and_a_fresh_signature) {
  auto server = start();
  const auto first = post(*server, "Inna");
  const auto second = post(*server, "Ilya");
  ASSERT_TRUE(wait_for_deliveries(2));
  std::this_thread::sleep_for(1100ms);  // a second later, so the new timestamp differs
  const auto one =
      run_binary({"leads", "redeliver", "--channel", "webhook", "--id", first, "--db", db()});
  EXPECT_EQ(one.exit_code, 0) << one.output;
  EXPECT_NE(one.output.find("1 of 1 leads queued for webhook again"), std::string::npos)
      << one.output;
  ASSERT_TRUE(wait_for_deliveries(3)) << server->output();
  const auto again = deliveries().at(2);
  EXPECT_EQ(text(again.at("headers"), "webhook-id"), first);
  EXPECT_TRUE(again.at("verified").as_bool());
  EXPECT_GT(std::stoll(text(again.at("headers"), "webhook-timestamp")),
            std::stoll(text(deliveries().at(0).at("headers"), "webhook-timestamp")));
  // Every lead since a day, and a clear refusal of a date that is not one.
  const auto all = run_binary(
      {"leads", "redeliver", "--channel", "webhook", "--since", "2020-01-01", "--db", db()});
  EXPECT_NE(all.output.find("2 of 2 leads queued"), std::string::npos) << all.output;
  ASSERT_TRUE(wait_for_deliveries(5)) << server->output();
  const auto bad = run_binary(
      {"leads", "redeliver", "--channel", "webhook", "--since", "yesterday", "--db", db()});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.output.find("YYYY-MM-DD"), std::string::npos) << bad.output;
  EXPECT_NE(show(second).find("  webhook\tdelivered\t2 attempts"), std::string::npos)
      << show(second);
}

TEST_F(webhook, a_rotation_signs_with_both_secrets_so_either_verifies) {
  const auto previous = landing::webhook::new_secret();
  write_file(dir.path / "previous", previous);
  auto server = start({"--webhook-previous-secret-file", (dir.path / "previous").string()});
  post(*server, "Egor");
  ASSERT_TRUE(wait_for_deliveries(1));
  // The receiver that still knows only the old secret accepts it too.
  ASSERT_EQ(http_call("POST", control("secret"), {"Content-Type: application/json"},
                      boost::json::serialize(boost::json::object{{"secret", previous}}))
                .status,
            200);
  post(*server, "Zoya");
  ASSERT_TRUE(wait_for_deliveries(2));
  const auto all = deliveries();
  for (const auto& each : all) {
    EXPECT_TRUE(each.at("verified").as_bool()) << boost::json::serialize(each);
    const auto signatures = text(each.at("headers"), "webhook-signature");
    EXPECT_EQ(std::count(signatures.begin(), signatures.end(), ' '), 1) << signatures;
  }
}

TEST_F(webhook, the_library_refuses_a_tampered_body_an_old_timestamp_and_a_wrong_secret) {
  const auto key = *landing::webhook::parse_secret(secret).value;
  const std::string body = R"({"type":"lead.created","data":{"id":"01J"}})";
  const auto verify = [&](const std::string& with_secret, std::int64_t timestamp,
                          const std::string& signed_body, const std::string& sent_body) {
    const auto request = boost::json::serialize(boost::json::object{
        {"secret", with_secret},
        {"headers",
         {{"webhook-id", "01J"},
          {"webhook-timestamp", std::to_string(timestamp)},
          {"webhook-signature", landing::webhook::sign(key, "01J", timestamp, signed_body)}}},
        {"body", sent_body}});
    write_file(dir.path / "verify.json", request);
    return run_command({"sh", "-c",
                        "node " +
                            (repository_root() / "e2e/receivers/verify-signature.mjs").string() +
                            " < " + (dir.path / "verify.json").string() + " > " +
                            (dir.path / "verified.json").string()}) == 0
               ? read_all(dir.path / "verified.json")
               : std::string("no answer");
  };
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  EXPECT_NE(verify(secret, now, body, body).find(R"("ok":true)"), std::string::npos);
  EXPECT_NE(verify(secret, now, body, body + " ").find(R"("ok":false)"), std::string::npos);
  EXPECT_NE(verify(secret, now - 600, body, body).find(R"("ok":false)"), std::string::npos);
  EXPECT_NE(verify(landing::webhook::new_secret(), now, body, body).find(R"("ok":false)"),
            std::string::npos);
}

TEST_F(webhook, webhook_test_pings_signed_and_fails_on_anything_but_2xx) {
  auto ok = run_binary({"webhook", "test", "--webhook-url", hook_url(), "--webhook-secret-file",
                        (dir.path / "secret").string(), "--webhook-allow-private"});
  EXPECT_EQ(ok.exit_code, 0) << ok.output;
  EXPECT_NE(ok.output.find("answered HTTP 204"), std::string::npos) << ok.output;
  ASSERT_TRUE(wait_for_deliveries(1));
  EXPECT_TRUE(deliveries().at(0).at("verified").as_bool());
  EXPECT_NE(text(deliveries().at(0), "body").find(R"("type":"ping")"), std::string::npos);
  script(R"({"responses":[{"status":500,"body":"database down"}]})");
  auto bad = run_binary({"webhook", "test", "--webhook-url", hook_url(), "--webhook-secret-file",
                         (dir.path / "secret").string(), "--webhook-allow-private"});
  EXPECT_EQ(bad.exit_code, 1) << bad.output;
  EXPECT_NE(bad.output.find("HTTP 500"), std::string::npos) << bad.output;
  EXPECT_NE(bad.output.find("database down"), std::string::npos) << bad.output;
}

TEST_F(webhook, private_targets_are_refused_without_the_allow_flag) {
  // A literal loopback address: refused before the start.
  auto literal = run_binary({"--site", (dir.path / "site").string(), "--db", db(), "--webhook-url",
                             "https://127.0.0.1:9/hook", "--webhook-secret-file",
                             (dir.path / "secret").string()});
  EXPECT_NE(literal.exit_code, 0);
  EXPECT_NE(literal.output.find("127.0.0.1 is a loopback address"), std::string::npos)
      << literal.output;
  // A name that resolves to one: refused at the connection, with the same reason.
  auto named = run_binary({"webhook", "test", "--webhook-url",
                           "https://localhost:" + std::to_string(receiver->port()) + "/hook",
                           "--webhook-secret-file", (dir.path / "secret").string()});
  EXPECT_EQ(named.exit_code, 1);
  EXPECT_NE(named.output.find("(refused)"), std::string::npos) << named.output;
  EXPECT_NE(named.output.find("is a loopback address"), std::string::npos) << named.output;
  EXPECT_TRUE(deliveries().empty());
  // A secret that is not one stops the start, without showing it.
  write_file(dir.path / "bad", "hunter2-not-a-secret");
  auto bad_secret =
      run_binary({"--site", (dir.path / "site").string(), "--db", db(), "--webhook-url", hook_url(),
                  "--webhook-allow-private", "--webhook-secret-file", (dir.path / "bad").string()});
  EXPECT_NE(bad_secret.exit_code, 0);
  EXPECT_NE(bad_secret.output.find("starts with whsec_"), std::string::npos) << bad_secret.output;
  EXPECT_EQ(bad_secret.output.find("hunter2"), std::string::npos);
}

}  // namespace
}  // namespace landing::testing
