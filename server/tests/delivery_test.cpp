// Leads through the real binary to a fake Bot API: contents, pacing, retries, failures.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <fstream>
#include <iterator>

#include "support.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;
using answer = fake_bot_api::answer;

std::string lead_json(const std::string& name, const std::string& message,
                      const std::string& website = "") {
  return boost::json::serialize(boost::json::object{{"name", name},
                                                    {"social", "@anna_dev"},
                                                    {"email", "anna@example.com"},
                                                    {"message", message},
                                                    {"locale", "en"},
                                                    {"website", website}});
}

class delivery : public ::testing::Test {
 protected:
  void SetUp() override { make_site(dir.path / "site"); }

  std::unique_ptr<server_process> start(const std::string& api_base,
                                        std::vector<std::string> extra = {}) {
    std::vector<std::string> args = delivery_test_args((dir.path / "site").string(), db());
    args.insert(args.end(), {"--rate-limit-burst", "100"});
    args.insert(args.end(), extra.begin(), extra.end());
    std::map<std::string, std::string> env;
    if (!api_base.empty()) {
      env = telegram_env(api_base);
    }
    return std::make_unique<server_process>(args, env, dir.path / "server.log");
  }

  std::string post(server_process& server, const std::string& body) {
    const auto reply =
        http_call("POST", server.url("/api/contact"), {"Content-Type: application/json"}, body);
    EXPECT_EQ(reply.status, 202) << reply.body;
    return std::string(boost::json::parse(reply.body).at("id").as_string());
  }

  std::string show(const std::string& id) {
    return run_binary({"leads", "show", id, "--db", db()}).output;
  }

  bool wait_for_status(const std::string& id, const std::string& status,
                       std::chrono::milliseconds limit = 5s) {
    for (int i = 0; i < limit / 50ms; ++i) {
      if (show(id).find("status: " + status + "\n") != std::string::npos) return true;
      std::this_thread::sleep_for(50ms);
    }
    return false;
  }

  [[nodiscard]] std::string db() const { return (dir.path / "leads.db").string(); }

  temp_dir dir;
  fake_bot_api bot;
};

TEST_F(delivery, sends_the_contract_text_as_plain_text_to_the_chat) {
  auto server = start(bot.base_url());
  const auto id = post(*server, lead_json("Anna", "We need a landing page.\nBudget: $5000"));
  ASSERT_TRUE(bot.wait_for(1, 5s));
  const auto request = bot.requests().front();
  EXPECT_EQ(request.path, std::string("/bot") + test_token + "/sendMessage");
  const auto sent = boost::json::parse(request.body).as_object();
  EXPECT_EQ(sent.at("chat_id").as_int64(), 42);
  EXPECT_FALSE(sent.contains("parse_mode"));
  EXPECT_EQ(sent.at("text").as_string(),
            "Anna сообщает:\n│ We need a landing page.\n│ Budget: $5000\n\nКонтактные данные:\n"
            "anna@example.com\n@anna_dev\n\nЗаявка " +
                id);
  EXPECT_TRUE(wait_for_status(id, "delivered"));
  EXPECT_EQ(server->terminate(), 0);
  EXPECT_EQ(server->output().find("TEST-secret"), std::string::npos);
}

// How a systemd unit hands the token over: a file (TELEGRAM_BOT_TOKEN_FILE) or a credential in
// $CREDENTIALS_DIRECTORY. Either way the binary delivers with it and never logs it.
TEST_F(delivery, takes_the_token_from_a_file_or_a_systemd_credential) {
  write_file(dir.path / "creds" / "telegram-bot-token", std::string(test_token) + "\n");
  write_file(dir.path / "token", std::string(test_token) + "\n");
  const std::vector<std::map<std::string, std::string>> ways = {
      {{"TELEGRAM_BOT_TOKEN_FILE", (dir.path / "token").string()}},
      {{"CREDENTIALS_DIRECTORY", (dir.path / "creds").string()}},
  };
  std::size_t sent = 0;
  for (auto env : ways) {
    env["TELEGRAM_CHAT_ID"] = "42";
    env["LANDING_DIGEST"] = "off";
    env["TELEGRAM_API_BASE"] = bot.base_url();
    server_process server({"--site", (dir.path / "site").string(), "--db", db()}, env,
                          dir.path / ("server-" + std::to_string(sent) + ".log"));
    post(server, lead_json("Anna", "From a token file"));
    ASSERT_TRUE(bot.wait_for(++sent, 5s));
    EXPECT_EQ(bot.requests().back().path, std::string("/bot") + test_token + "/sendMessage");
    EXPECT_EQ(server.terminate(), 0);
    EXPECT_EQ(server.output().find("TEST-secret"), std::string::npos);
  }
  // A token file that cannot be read stops the start with a reason, not a server without Telegram.
  const auto refused = run_binary({"--site", (dir.path / "site").string(), "--db", db()},
                                  {{"TELEGRAM_BOT_TOKEN_FILE", (dir.path / "nowhere").string()}});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.output.find("cannot read the bot token file"), std::string::npos)
      << refused.output;
}

TEST_F(delivery, paces_messages_to_one_per_second) {
  auto server = start(bot.base_url());
  for (int i = 0; i < 3; ++i) post(*server, lead_json("Anna", "Message " + std::to_string(i)));
  ASSERT_TRUE(bot.wait_for(3, 8s));
  const auto requests = bot.requests();
  EXPECT_GE(requests[1].at - requests[0].at, 950ms);
  EXPECT_GE(requests[2].at - requests[1].at, 950ms);
}

TEST_F(delivery, waits_retry_after_on_429) {
  bot.script({{answer::too_many_requests, 2}});
  auto server = start(bot.base_url());
  const auto id = post(*server, lead_json("Anna", "Hello there"));
  ASSERT_TRUE(bot.wait_for(2, 8s));
  const auto requests = bot.requests();
  EXPECT_GE(requests[1].at - requests[0].at, 1900ms);
  EXPECT_TRUE(wait_for_status(id, "delivered"));
}

// A 429 whose retry_after was not a small integer once threw out of the outbox thread and ended
// the process; the lead stayed pending, so every restart ended the same way.
TEST_F(delivery, a_fractional_retry_after_is_waited_out_not_fatal) {
  bot.script({{429, R"({"ok":false,"error_code":429,"parameters":{"retry_after":1.5}})"}});
  auto server = start(bot.base_url());
  const auto id = post(*server, lead_json("Anna", "Hello there"));
  ASSERT_TRUE(bot.wait_for(2, 8s));
  const auto requests = bot.requests();
  EXPECT_GE(requests[1].at - requests[0].at, 1900ms);
  EXPECT_TRUE(wait_for_status(id, "delivered"));
  EXPECT_EQ(server->terminate(), 0);
}

TEST_F(delivery, a_huge_retry_after_pauses_an_hour_at_most_and_the_server_lives_on) {
  bot.script({{429, R"({"ok":false,"error_code":429,"parameters":{"retry_after":1e300}})"}});
  auto server = start(bot.base_url());
  post(*server, lead_json("Anna", "Hello there"));
  ASSERT_TRUE(bot.wait_for(1, 5s));
  std::this_thread::sleep_for(500ms);
  EXPECT_NE(server->output().find("\"retry_after_s\":3600"), std::string::npos) << server->output();
  EXPECT_EQ(http_call("GET", server->url("/healthz")).status, 200);
  EXPECT_EQ(server->terminate(), 0);
}

// Whatever the Bot API answers (any status, any body, a body that never ends or trickles), the
// server lives, the lead is retried, and it is delivered exactly once when Telegram says ok.
TEST_F(delivery, survives_every_odd_answer_and_delivers_once) {
  std::string deep(50000, '[');
  bot.script({{200, "not json at all"},
              {200, R"({"ok":false})"},
              {200, R"({"ok":"true"})"},
              {200, std::string(1 << 20, ' ')},
              {answer::endless},
              {answer::trickle},
              {204, ""},
              {302, ""},
              {418, R"({"ok":false,"description":"I'm a teapot"})"},
              {500, deep},
              {503, "{\"ok\":false,\"description\":\"\xFF\xFE broken\"}"},
              {429, R"({"ok":false,"parameters":{"retry_after":-3}})"}});
  auto server = start(bot.base_url());
  const auto id = post(*server, lead_json("Anna", "Odd answers"));
  EXPECT_TRUE(wait_for_status(id, "delivered", 60s)) << server->output();
  EXPECT_EQ(bot.delivered_containing(id), 1U);
  EXPECT_GE(bot.requests().size(), 13U);
  EXPECT_EQ(http_call("GET", server->url("/healthz")).status, 200);
  EXPECT_EQ(server->terminate(), 0);
}

TEST_F(delivery, retries_server_errors_and_hangs_then_delivers) {
  bot.script({{answer::server_error}, {answer::hang}});
  auto server = start(bot.base_url());
  const auto id = post(*server, lead_json("Anna", "Hello there"));
  ASSERT_TRUE(bot.wait_for(3, 10s));
  EXPECT_TRUE(wait_for_status(id, "delivered"));
  EXPECT_NE(show(id).find("attempts: 3"), std::string::npos) << show(id);
}

TEST_F(delivery, marks_the_lead_failed_on_400_without_retrying) {
  bot.script({{answer::bad_request}});
  auto server = start(bot.base_url());
  const auto id = post(*server, lead_json("Anna", "Hello there"));
  ASSERT_TRUE(wait_for_status(id, "failed"));
  EXPECT_NE(show(id).find("chat not found"), std::string::npos);
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(bot.requests().size(), 1U);
  // An operator can send it again once the chat is fixed.
  EXPECT_EQ(run_binary({"leads", "retry", id, "--db", db()}).exit_code, 0);
  EXPECT_TRUE(wait_for_status(id, "delivered"));
}

TEST_F(delivery, keeps_honeypot_leads_as_spam_and_never_sends_them) {
  auto server = start(bot.base_url());
  const auto id = post(*server, lead_json("Bot", "Buy things", "http://spam.example"));
  std::this_thread::sleep_for(1500ms);
  EXPECT_TRUE(bot.requests().empty());
  EXPECT_NE(show(id).find("status: spam"), std::string::npos);
}

TEST_F(delivery, a_lead_accepted_before_kill_9_is_delivered_after_restart) {
  // First run: the API is unreachable, so the lead stays in the outbox.
  auto first = start("http://127.0.0.1:1");
  const auto id = post(*first, lead_json("Anna", "Survive the crash"));
  first->kill_hard();
  auto second = start(bot.base_url());
  ASSERT_TRUE(bot.wait_for(1, 8s));
  EXPECT_NE(bot.requests().front().body.find(id), std::string::npos);
  EXPECT_TRUE(wait_for_status(id, "delivered"));
}

TEST_F(delivery, holds_leads_without_telegram_and_sends_them_once_configured) {
  auto first = start("");
  const auto id = post(*first, lead_json("Anna", "Held for later"));
  EXPECT_NE(first->output().find("no_channel_configured"), std::string::npos);
  EXPECT_NE(show(id).find("status: held"), std::string::npos);
  EXPECT_EQ(first->terminate(), 0);
  auto second = start(bot.base_url());
  EXPECT_TRUE(wait_for_status(id, "delivered"));
}

}  // namespace
}  // namespace landing::testing
