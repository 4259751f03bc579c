// Leads through the real binary to Bitrix24's CRM, played by a fake portal written from its REST
// documentation (e2e/receivers/bitrix24.mjs), beside a fake Bot API: the fields the portal
// keeps, exactly once across a lost answer and a kill -9, its errors, and `bitrix24 test`.
#include <gtest/gtest.h>

#include "bitrix24_fixture.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;

TEST_F(bitrix24, a_russian_lead_with_tags_reaches_the_chat_and_the_crm_with_the_same_fields) {
  auto server = start();
  const auto id = post(*server, "Анна");
  ASSERT_TRUE(wait_for("leads", 1)) << portal->output() << server->output();
  ASSERT_TRUE(bot.wait_for(1, 5s));
  const auto lead = list("leads").at(0);
  EXPECT_EQ(text(lead, "ORIGIN_ID"), id);
  EXPECT_EQ(text(lead, "ORIGINATOR_ID"), "landing-server");
  EXPECT_EQ(text(lead, "NAME"), "Анна");
  EXPECT_EQ(text(lead, "TITLE"), "Анна — mintline.studio");
  EXPECT_EQ(text(lead, "SOURCE_ID"), "WEB");
  EXPECT_EQ(text(lead, "UTM_SOURCE"), "yandex");
  EXPECT_EQ(text(lead, "UTM_MEDIUM"), "cpc");
  EXPECT_EQ(text(lead, "UTM_CAMPAIGN"), "осень");
  EXPECT_EQ(text(lead, "SOURCE_DESCRIPTION"), "mintline.studio/ru, переход с ya.ru");
  const auto stored = boost::json::serialize(lead);
  EXPECT_NE(stored.find(R"("VALUE":"anna@example.com")"), std::string::npos) << stored;
  EXPECT_NE(stored.find(R"("VALUE":"@anna_dev")"), std::string::npos) << stored;
  EXPECT_NE(stored.find(R"("VALUE_TYPE":"TELEGRAM")"), std::string::npos) << stored;
  EXPECT_NE(text(lead, "COMMENTS").find("Нужен сайт"), std::string::npos);
  EXPECT_NE(text(lead, "COMMENTS").find("версия " + test_consent_version), std::string::npos);
  // The link to the lead's message in the studio's chat: the CRM's copy waited for it.
  const auto link = "Сообщение в чате студии: " + message_link(bot.message_id_carrying("Анна"));
  EXPECT_NE(text(lead, "COMMENTS").find(link), std::string::npos) << text(lead, "COMMENTS");
  // The chat has the same lead, with the same source.
  const auto chat = bot.requests().at(0).body;
  EXPECT_NE(chat.find("Анна"), std::string::npos);
  EXPECT_NE(chat.find("yandex"), std::string::npos) << chat;
  const auto shown = read_until([&] { return show(id); }, {"  bitrix24\tdelivered\t1 attempts"});
  EXPECT_NE(shown.find("  bitrix24\tdelivered\t1 attempts"), std::string::npos) << shown;
  // The webhook's code is its secret: never in the log.
  EXPECT_EQ(server->output().find(code), std::string::npos);
  const auto health = http_call("GET", server->url("/healthz"));
  EXPECT_NE(health.body.find(R"("bitrix24":{"configured":true)"), std::string::npos) << health.body;
  EXPECT_NE(http_call("GET", server->url("/metrics")).body.find(R"(channel="bitrix24")"),
            std::string::npos);
}

TEST_F(bitrix24, a_chat_that_is_down_holds_the_crm_copy_briefly_then_it_goes_without_the_link) {
  bot.otherwise(fake_bot_api::answer::server_error);
  auto server = start();
  const auto id = post(*server, "Ева");
  // The chat's first attempts fail; the CRM's copy waits at most five seconds from the lead's
  // arrival for its message, then goes without it.
  ASSERT_TRUE(wait_for("leads", 1, 15s)) << server->output();
  const auto comments = text(list("leads").at(0), "COMMENTS");
  EXPECT_NE(comments.find("Заявка " + id), std::string::npos) << comments;
  EXPECT_EQ(comments.find("t.me"), std::string::npos) << comments;
  EXPECT_EQ(bot.delivered_containing("Ева"), 0U);
}

TEST_F(bitrix24, an_answer_lost_after_the_portal_stored_the_lead_makes_no_second_lead) {
  send_control("script", R"({"responses":[{"method":"crm.lead.add","lose":true}]})");
  auto server = start();
  const auto id = post(*server, "Борис");
  const auto shown = read_until([&] { return show(id); }, {"  bitrix24\tdelivered\t2 attempts"});
  EXPECT_NE(shown.find("  bitrix24\tdelivered\t2 attempts"), std::string::npos)
      << shown << server->output();
  EXPECT_EQ(list("leads").size(), 1U) << boost::json::serialize(list("calls"));
  EXPECT_NE(shown.find("\tbitrix24\t200 found\t"), std::string::npos) << shown;
}

TEST_F(bitrix24, after_kill_9_mid_call_the_lead_is_found_not_added_again) {
  send_control("script", R"({"responses":[{"method":"crm.lead.add","delayMs":4000}]})");
  auto server = start();
  const auto id = post(*server, "Дина");
  ASSERT_TRUE(wait_for("leads", 1, 5s));
  server->kill_hard();
  server = start({"--outbox-lease-ms", "500"});
  const auto shown = read_until([&] { return show(id); }, {"  bitrix24\tdelivered"});
  EXPECT_NE(shown.find("  bitrix24\tdelivered"), std::string::npos) << shown << server->output();
  EXPECT_EQ(list("leads").size(), 1U);
}

TEST_F(bitrix24, a_rate_limit_waits_for_the_bucket_and_does_not_hold_the_chat) {
  send_control("script",
               R"({"responses":[{"method":"crm.lead.add","error":"QUERY_LIMIT_EXCEEDED"}]})");
  auto server = start();
  const auto id = post(*server, "Вера");
  ASSERT_TRUE(bot.wait_for(1, 5s)) << "the chat is not held up by the CRM";
  const auto shown = read_until([&] { return show(id); }, {"  bitrix24\tdelivered\t2 attempts"});
  EXPECT_NE(shown.find("  bitrix24\tdelivered\t2 attempts"), std::string::npos)
      << shown << server->output();
  EXPECT_NE(shown.find("\tbitrix24\t503 QUERY_LIMIT_EXCEEDED\t"), std::string::npos) << shown;
  ASSERT_EQ(list("leads").size(), 1U);
  // Two seconds, as the leaky bucket drains two calls a second (limits.md).
  std::vector<double> adds;
  for (const auto& each : list("calls")) {
    if (text(each, "method") == "crm.lead.add") adds.push_back(each.at("at").to_number<double>());
  }
  ASSERT_EQ(adds.size(), 2U);
  EXPECT_GE(adds[1] - adds[0], 1900);
}

TEST_F(bitrix24, a_revoked_webhook_turns_the_channel_off_tells_the_chat_and_waits_for_an_operator) {
  send_control("revoke");
  auto server = start();
  const auto first = post(*server, "Глеб");
  // The lead in the chat, then the alert that the CRM refused.
  ASSERT_TRUE(bot.wait_for(2, 8s)) << server->output();
  const auto alert = bot.requests().at(1).body;
  EXPECT_NE(alert.find("Битрикс24"), std::string::npos) << alert;
  EXPECT_NE(alert.find("INVALID_CREDENTIALS"), std::string::npos) << alert;
  EXPECT_NE(alert.find("leads retry --channel bitrix24"), std::string::npos) << alert;
  EXPECT_EQ(alert.find(code), std::string::npos) << "never the webhook's code";
  const auto second = post(*server, "Зоя");
  ASSERT_TRUE(bot.wait_for(3, 5s));
  EXPECT_NE(read_until([&] { return show(second); }, {"  bitrix24\tdisabled"})
                .find("  bitrix24\tdisabled"),
            std::string::npos);
  EXPECT_NE(http_call("GET", server->url("/healthz")).body.find(R"("state":"disabled")"),
            std::string::npos);
  // A new webhook in place (the fake forgets the revocation), and the operator turns it on.
  send_control("reset");
  const auto on = run_binary({"leads", "retry", "--channel", "bitrix24", "--db", db()});
  EXPECT_EQ(on.exit_code, 0) << on.output;
  ASSERT_TRUE(wait_for("leads", 2)) << server->output();
  EXPECT_NE(show(first).find("  bitrix24\tdelivered"), std::string::npos);
}

TEST_F(bitrix24, a_lead_the_portal_refuses_is_failed_and_shown_not_retried) {
  send_control("script", R"({"responses":[{"method":"crm.lead.add","status":400,)"
                         R"("description":"Поле NAME слишком длинное"}]})");
  auto server = start();
  const auto id = post(*server, "Ира");
  const auto shown = read_until([&] { return show(id); }, {"  bitrix24\tfailed\t1 attempts"});
  EXPECT_NE(shown.find("  bitrix24\tfailed\t1 attempts"), std::string::npos) << shown;
  EXPECT_NE(shown.find("Поле NAME слишком длинное"), std::string::npos) << shown;
  std::this_thread::sleep_for(1s);
  EXPECT_TRUE(list("leads").empty());
}

TEST_F(bitrix24, the_test_command_adds_a_marked_lead_and_says_what_the_portal_answered) {
  const std::vector<std::string> args{"bitrix24", "test", "--bitrix24-webhook-file", webhook_file(),
                                      "--bitrix24-allow-private"};
  const auto took = run_binary(args);
  EXPECT_EQ(took.exit_code, 0) << took.output;
  EXPECT_NE(took.output.find("127.0.0.1 took the test lead #1"), std::string::npos) << took.output;
  ASSERT_EQ(list("leads").size(), 1U);
  EXPECT_EQ(text(list("leads").at(0), "TITLE").rfind("Тест landing-server: ", 0), 0U);
  send_control("scope", R"({"crm":false})");
  const auto narrow = run_binary(args);
  EXPECT_EQ(narrow.exit_code, 1);
  EXPECT_NE(narrow.output.find("insufficient_scope"), std::string::npos) << narrow.output;
  EXPECT_NE(narrow.output.find("crm scope"), std::string::npos) << narrow.output;
  EXPECT_EQ(narrow.output.find(code), std::string::npos) << narrow.output;
  // A URL that is not a webhook's: refused by the server too, without its code.
  write_file(webhook_file(), std::string("https://studio.bitrix24.ru/rest/") + code + "/\n");
  const auto wrong = run_binary(args);
  EXPECT_NE(wrong.exit_code, 0);
  EXPECT_NE(wrong.output.find("/rest/<user id>/<code>/"), std::string::npos) << wrong.output;
  EXPECT_EQ(wrong.output.find(code), std::string::npos) << wrong.output;
  const auto refused = run_binary({"--db", db(), "--site", (dir.path / "site").string(),
                                   "--bitrix24-webhook-file", webhook_file()});
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.output.find("Bitrix24 webhook's URL"), std::string::npos) << refused.output;
  EXPECT_EQ(refused.output.find(code), std::string::npos) << refused.output;
}

}  // namespace
}  // namespace landing::testing
