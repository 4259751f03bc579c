// A data subject's requests and the retention, end to end on both engines: everything about a
// person exported and erased from the command line, the erasure records free of personal data,
// the purge at start, and no personal data in any log line.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "common/clock.hpp"
#include "engine_fixture.hpp"
#include "postgres.hpp"
#include "storage/open.hpp"
#include "support.hpp"

namespace landing::testing {
namespace {

constexpr const char* json_type = "Content-Type: application/json";

// Strings no log line may carry: each field of the leads below holds one.
const std::vector<std::string> markers{"Zyxmarkname", "zyxmark-mail", "zyxmarkhandle",
                                       "Zyxmarkmessage"};

std::string lead_json(const std::string& email, const std::string& locale) {
  return R"({"name":"Zyxmarkname Anna","social":"@zyxmarkhandle","email":")" + email +
         R"(","message":"Zyxmarkmessage: we need a site.","locale":")" + locale +
         R"(","website":"","consent":")" + test_consent_version + R"(",)" +
         R"("source":{"utm_source":"zyxmark-mail"}})";
}

using privacy = engine_fixture;

TEST_P(privacy, a_person_is_exported_then_erased_by_email_and_a_lead_by_id) {
  start();
  const auto first = post_lead(lead_json("Anna.zyxmark-mail@example.com", "ru"));
  const auto second = post_lead(lead_json("anna.ZYXMARK-MAIL@example.com", "en"));
  const auto other = post_lead(lead_json("boris@example.com", "en"));
  ASSERT_TRUE(bot.wait_for(3, std::chrono::seconds(15)));
  // The chat answered; the outcome is recorded a moment after.
  read_until([&] { return cli({"leads", "show", first}).output; }, {"status: delivered"});

  const auto exported = cli({"leads", "export", "--email", "anna.zyxmark-mail@EXAMPLE.com"});
  ASSERT_EQ(exported.exit_code, 0) << exported.output;
  const auto json = boost::json::parse(exported.output);
  const auto& leads = json.at("leads").as_array();
  ASSERT_EQ(leads.size(), 2U);
  EXPECT_EQ(leads[0].at("id").as_string(), first);
  EXPECT_EQ(leads[0].at("consent").at("version").as_string(), test_consent_version);
  EXPECT_EQ(leads[0].at("consent").at("locale").as_string(), "ru");
  EXPECT_EQ(leads[0].at("source").at("utm_source").as_string(), "zyxmark-mail");
  EXPECT_EQ(leads[0].at("delivery").at("status").as_string(), "delivered");
  EXPECT_TRUE(leads[0].at("history").as_array().empty());
  EXPECT_EQ(boost::json::parse(cli({"leads", "export", "--id", other}).output)
                .at("leads")
                .as_array()
                .size(),
            1U);

  const auto erased = cli(
      {"leads", "erase", "--email", "anna.zyxmark-mail@example.com", "--reason", "ticket 1207"});
  ASSERT_EQ(erased.exit_code, 0) << erased.output;
  EXPECT_NE(erased.output.find("2 leads erased"), std::string::npos) << erased.output;
  EXPECT_NE(erased.output.find("chat copy pending"), std::string::npos) << erased.output;
  EXPECT_EQ(cli({"leads", "show", first}).exit_code, 1);
  EXPECT_EQ(cli({"leads", "show", second}).exit_code, 1);
  EXPECT_EQ(cli({"leads", "export", "--email", "anna.zyxmark-mail@example.com"}).exit_code, 1);
  EXPECT_EQ(cli({"leads", "erase", "--id", other}).exit_code, 0);

  const auto records = cli({"leads", "erasures", "--json"});
  ASSERT_EQ(records.exit_code, 0) << records.output;
  const auto parsed = boost::json::parse(records.output);
  const auto& list = parsed.at("erasures").as_array();
  ASSERT_EQ(list.size(), 3U);
  EXPECT_EQ(list[0].at("reason").as_string(), "request");
  EXPECT_EQ(list[0].at("note").as_string(), "ticket 1207");
  for (const auto& marker : markers) {
    EXPECT_EQ(records.output.find(marker), std::string::npos) << marker;
    EXPECT_EQ(cli({"leads", "erasures"}).output.find(marker), std::string::npos) << marker;
  }
  EXPECT_NE(cli({"leads", "erasures", "--since", "2999-01-01"}).output.find("(no erasures)"),
            std::string::npos);
}

TEST_P(privacy, a_russian_lead_without_consent_is_refused_and_nothing_of_it_is_stored) {
  start();
  auto body = lead_json("anna.zyxmark-mail@example.com", "ru");
  body.erase(body.find(R"("consent":")"), std::string(R"("consent":")").size() + 64 + 2);
  const auto refused = http_call("POST", server->url("/api/contact"),
                                 {json_type, "Origin: " + server->url("")}, body);
  EXPECT_EQ(refused.status, 422);
  EXPECT_EQ(refused.body, R"({"errors":{"consent":"required"}})");
  const auto listed = cli({"leads", "list"});
  EXPECT_EQ(listed.exit_code, 0);
  EXPECT_EQ(listed.output.find("zyxmark"), std::string::npos) << listed.output;
  post_lead(lead_json("anna.zyxmark-mail@example.com", "ru"));
  EXPECT_NE(cli({"leads", "list"}).output.find("zyxmark"), std::string::npos);
}

TEST_P(privacy, unknown_subjects_exit_1_and_bad_arguments_exit_2) {
  start();
  const auto id = post_lead(lead_json("anna.zyxmark-mail@example.com", "en"));
  EXPECT_EQ(cli({"leads", "export", "--email", "nobody@example.com"}).exit_code, 1);
  EXPECT_EQ(cli({"leads", "erase", "--id", "01JD3Z6W8Q5N2R4T6V8X0Y2A4C"}).exit_code, 1);
  EXPECT_EQ(cli({"leads", "export"}).exit_code, 2);
  EXPECT_EQ(cli({"leads", "export", "--email", "a@b.co", "--id", id}).exit_code, 2);
  EXPECT_EQ(cli({"leads", "export", "--csv", "--id", id}).exit_code, 2);
  EXPECT_EQ(cli({"leads", "erase"}).exit_code, 2);
  EXPECT_EQ(cli({"leads", "erasures", "--since", "yesterday"}).exit_code, 2);
  EXPECT_EQ(cli({"leads", "erasures", "--since", "2026-02-30"}).exit_code, 2);
  // A reason that names the person would put their data into the record.
  const auto named =
      cli({"leads", "erase", "--id", id, "--reason", "asked by anna.zyxmark-mail@example.com"});
  EXPECT_EQ(named.exit_code, 2);
  EXPECT_NE(named.output.find("repeats the subject's own details"), std::string::npos);
  EXPECT_EQ(cli({"leads", "show", id}).exit_code, 0);
}

TEST_P(privacy, leads_past_the_retention_are_erased_at_start_delivered_or_not) {
  {
    // Two leads from 200 days ago, one of them never delivered, and one from today.
    const auto store = storage::open(db, {});
    {
      const clock::fake long_ago(clock::now_ms() - 200LL * 86'400'000);
      const auto ids = store->insert_batch(
          {{{"Zyxmarkname", "@zyxmarkhandle", "old@example.com", "Zyxmarkmessage"},
            "en",
            "10.0.0.1",
            false},
           {{"Zyxmarkname", "@zyxmarkhandle", "old2@example.com", "Zyxmarkmessage"},
            "en",
            "10.0.0.1",
            false}},
          {"telegram"});
      store->mark_delivered("telegram", ids[0], {clock::now_ms(), "ok", 0}, {42, 7});
    }
    store->insert_batch(
        {{{"Fresh", "@fresh", "fresh@example.com", "Hello there"}, "en", "10.0.0.1", false}},
        {"telegram"});
    store->stop();
  }
  // Without Telegram the undelivered lead stays undelivered, whenever the purge runs.
  const std::vector<std::string> args{"--site", (dir.path / "site").string(), "--db",
                                      db,       "--retention-days",           "180"};
  server = std::make_unique<server_process>(args, std::map<std::string, std::string>{},
                                            dir.path / "server.log");
  // Its log on failure: the purge at start waits for leadership and for the scrub.
  ASSERT_TRUE(server->wait_for_event("leads_purged")) << server->output();
  const auto records = boost::json::parse(cli({"leads", "erasures", "--json"}).output);
  const auto& list = records.at("erasures").as_array();
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0].at("reason").as_string(), "retention");
  const auto metrics = http_call("GET", server->url("/metrics")).body;
  EXPECT_NE(metrics.find("landing_leads_purged_total 2"), std::string::npos);
  EXPECT_NE(metrics.find("landing_leads_purged_undelivered_total 1"), std::string::npos);
  EXPECT_NE(cli({"leads", "list"}).output.find("fresh@example.com"), std::string::npos);
}

TEST_P(privacy, no_name_email_handle_or_message_reaches_a_log_line_or_the_metrics) {
  start();
  const auto id = post_lead(lead_json("anna.zyxmark-mail@example.com", "ru"));
  post_lead(R"({"name":"Zyxmarkname","social":"@zyxmarkhandle","email":"zyxmark-mail@x.example",)"
            R"("message":"Zyxmarkmessage","locale":"en","website":"I am a bot"})");
  // A refused one too: its fields are echoed nowhere but the answer.
  http_call("POST", server->url("/api/contact"), {json_type, "Origin: " + server->url("")},
            R"({"name":"Zyxmarkname","social":"@zyxmarkhandle","email":"zyxmark-mail",)"
            R"("message":"Zyxmarkmessage","locale":"ru","website":""})");
  ASSERT_TRUE(bot.wait_for(1, std::chrono::seconds(10)));
  EXPECT_EQ(cli({"leads", "erase", "--id", id}).exit_code, 0);
  const auto metrics = http_call("GET", server->url("/metrics")).body;
  server->terminate();
  server.reset();
  const auto log = read_all(dir.path / "server.log");
  EXPECT_NE(log.find(id), std::string::npos);  // leads are named by their ids
  for (const auto& marker : markers) {
    EXPECT_EQ(log.find(marker), std::string::npos) << marker;
    EXPECT_EQ(metrics.find(marker), std::string::npos) << marker;
  }
}

TEST_P(privacy, an_erased_leads_chat_copy_is_deleted_within_48_hours_and_blanked_after) {
  {
    // A lead delivered three days ago: too old for Telegram to let the bot delete it.
    const auto store = storage::open(db, {});
    const clock::fake long_ago(clock::now_ms() - 3LL * 86'400'000);
    const auto ids = store->insert_batch(
        {{{"Zyxmarkname", "@zyxmarkhandle", "old@example.com", "Zyxmarkmessage"},
          "en",
          "10.0.0.1",
          false}},
        {"telegram"});
    store->mark_delivered("telegram", ids[0], {clock::now_ms(), "ok", 0}, {42, 900});
    store->stop();
  }
  start({"--chat-cleanup-poll-ms", "200"});
  const auto fresh = post_lead(lead_json("anna.zyxmark-mail@example.com", "en"));
  // Its own message, not the old lead's reminder, must be in the chat first.
  for (int i = 0; i < 100 && bot.delivered_containing("Заявка " + fresh) == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(bot.delivered_containing("Заявка " + fresh), 1U);
  ASSERT_EQ(cli({"leads", "erase", "--id", fresh}).exit_code, 0);
  ASSERT_EQ(cli({"leads", "erase", "--email", "old@example.com"}).exit_code, 0);
  ASSERT_TRUE(bot.wait_for_calls("deleteMessage", 1, std::chrono::seconds(15)));
  const auto deleted = bot.calls("deleteMessage");
  EXPECT_EQ(deleted.size(), 1U);
  EXPECT_EQ(deleted[0].body.find("\"message_id\":900"), std::string::npos) << deleted[0].body;
  // The old one is edited to a line with its id and why, and loses its buttons.
  bool edited = false;
  for (int i = 0; i < 100 && !edited; ++i) {
    for (const auto& call : bot.calls("editMessageText")) {
      edited = edited || call.body.find("\"message_id\":900") != std::string::npos;
    }
    if (!edited) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(edited);
  for (const auto& call : bot.calls("editMessageText")) {
    if (call.body.find("\"message_id\":900") == std::string::npos) continue;
    EXPECT_NE(call.body.find("удалена по запросу"), std::string::npos) << call.body;
    EXPECT_EQ(call.body.find("reply_markup"), std::string::npos) << call.body;
    for (const auto& marker : markers) EXPECT_EQ(call.body.find(marker), std::string::npos);
  }
  // The records say what became of each copy.
  std::string records;
  for (int i = 0; i < 50; ++i) {
    records = cli({"leads", "erasures"}).output;
    if (records.find("\tdeleted") != std::string::npos &&
        records.find("\tedited") != std::string::npos) {
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_NE(records.find("\tdeleted"), std::string::npos) << records;
  EXPECT_NE(records.find("\tedited"), std::string::npos) << records;
}

TEST_P(privacy, a_chat_copy_telegram_refuses_is_recorded_as_failed_not_retried_forever) {
  start({"--chat-cleanup-poll-ms", "200"});
  const auto id = post_lead(lead_json("anna.zyxmark-mail@example.com", "en"));
  ASSERT_TRUE(bot.wait_for(1, std::chrono::seconds(10)));
  bot.otherwise(fake_bot_api::answer::bad_request);
  ASSERT_EQ(cli({"leads", "erase", "--id", id}).exit_code, 0);
  ASSERT_TRUE(server->wait_for_event("chat_copy_failed"));
  EXPECT_NE(cli({"leads", "erasures"}).output.find("failed: "), std::string::npos);
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  EXPECT_EQ(bot.calls("deleteMessage").size(), 1U);
}

INSTANTIATE_TEST_SUITE_P(engines, privacy, ::testing::Values("sqlite", "postgres"));

}  // namespace
}  // namespace landing::testing
