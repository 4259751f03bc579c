// Leads through the real binary to amoCRM's incoming leads, played by a fake account written
// from its API v4 documentation (e2e/receivers/amocrm.mjs), beside a fake Bot API: the incoming
// lead and its note, exactly once across lost answers, the token's refusal, the rate limit, a
// refused lead, `amocrm test`, and erasure by declining.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <thread>

#include "amocrm/channel.hpp"
#include "bitrix24_fixture.hpp"
#include "common/clock.hpp"
#include "delivery/crm_cleanup.hpp"
#include "storage/erasure_rules.hpp"
#include "storage/open.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;

constexpr const char* token = "amo-long-lived-T0KEN";

class amocrm : public ::testing::Test {
 protected:
  void SetUp() override {
    make_site(dir.path / "site");
    write_file(dir.path / "token", std::string(token) + "\n");
    account = std::make_unique<child_process>(
        std::vector<std::string>{"node", (repository_root() / "e2e/receivers/amocrm.mjs").string(),
                                 "--port", "0", "--token-file", (dir.path / "token").string()},
        dir.path / "account.log");
  }
  [[nodiscard]] std::string base() const {
    return "http://127.0.0.1:" + std::to_string(account->port());
  }
  [[nodiscard]] std::string db() const { return (dir.path / "leads.db").string(); }
  [[nodiscard]] std::vector<std::string> flags() const {
    return {"--amocrm-url",           base(),
            "--amocrm-token-file",    (dir.path / "token").string(),
            "--amocrm-allow-private", "--origin",
            "https://mintline.studio"};
  }
  std::unique_ptr<server_process> start() {
    auto args = delivery_test_args((dir.path / "site").string(), db());
    args.insert(args.end(), {"--rate-limit-burst", "100"});
    for (const auto& each : flags()) args.push_back(each);
    return std::make_unique<server_process>(args, supergroup_env(bot.base_url()),
                                            dir.path / "server.log");
  }
  std::string post(server_process& server, const std::string& name) {
    return post_russian_lead(server, name);
  }
  boost::json::array list(const std::string& what) {
    return boost::json::parse(http_call("GET", base() + "/_control/" + what).body).as_array();
  }
  void send_control(const std::string& path, const std::string& json = "{}") {
    const auto reply =
        http_call("POST", base() + "/_control/" + path, {"Content-Type: application/json"}, json);
    ASSERT_EQ(reply.status, 200) << reply.body;
  }
  // The channel as the server makes it, for the erasure's passes run in this process.
  [[nodiscard]] std::unique_ptr<landing::amocrm::lead_channel> channel() const {
    landing::amocrm::channel_options settings;
    settings.http.allowed = {true, "--amocrm-allow-private"};
    settings.http.max_body = std::size_t{1024} * 1024;
    settings.url = landing::amocrm::parse_account_url(base(), settings.http.allowed);
    settings.token = token;
    settings.site = "mintline.studio";
    return std::make_unique<landing::amocrm::lead_channel>(settings);
  }
  // The CRM copies of erased leads cleaned once, in this process, as the leader would two minutes
  // after the erasure; the erasure records after it.
  std::vector<storage::erasure> clean_erased() {
    auto store = storage::open(db());
    auto crm = channel();
    std::vector<delivery::erasable*> channels{crm.get()};
    std::mt19937_64 random(7);
    const std::atomic<bool> never{false};
    const landing::clock::fake now(landing::clock::now_ms() + storage::crm_copy_delay_ms);
    delivery::clean_crm_copies(*store, channels, {}, random, never);
    auto out = store->erasures(0);
    store->stop();
    return out;
  }
  std::string show(const std::string& id) {
    return run_binary({"leads", "show", id, "--db", db()}).output;
  }
  std::string delivered(const std::string& id, const std::string& what = "delivered") {
    return read_until([&] { return show(id); }, {"  amocrm\t" + what});
  }

  temp_dir dir;
  fake_bot_api bot;
  std::unique_ptr<child_process> account;
};

std::string note_of(const boost::json::value& record) {
  const auto& notes = record.at("notes").as_array();
  return notes.empty() ? std::string() : std::string(notes.at(0).at("text").as_string());
}

TEST_F(amocrm, a_russian_lead_becomes_an_incoming_lead_with_its_note_and_the_chat_is_not_held) {
  auto server = start();
  const auto id = post(*server, "Анна");
  ASSERT_TRUE(bot.wait_for(1, 5s));
  EXPECT_NE(delivered(id).find("  amocrm\tdelivered\t1 attempts"), std::string::npos) << show(id);
  const auto leads = list("leads");
  ASSERT_EQ(leads.size(), 1U) << server->output();
  const auto& sent = leads.at(0).at("sent");
  EXPECT_EQ(sent.at("source_uid").as_string(), id);
  EXPECT_EQ(sent.at("metadata").at("form_id").as_string(), id);
  EXPECT_EQ(sent.at("metadata").at("form_page").as_string(), "https://mintline.studio/ru");
  EXPECT_NE(boost::json::serialize(sent).find("anna@example.com"), std::string::npos);
  ASSERT_EQ(leads.at(0).at("notes").as_array().size(), 1U);
  const auto note = note_of(leads.at(0));
  for (const auto* part :
       {"Нужен сайт", "Telegram / WhatsApp: @anna_dev", "UTM: yandex / cpc / осень",
        "Согласие на обработку персональных данных"}) {
    EXPECT_NE(note.find(part), std::string::npos) << part << "\n" << note;
  }
  // The link to the lead's message in the studio's chat, which was sent first.
  const auto link = "Сообщение в чате студии: " + message_link(bot.message_id_carrying("Анна"));
  EXPECT_NE(note.find(link), std::string::npos) << note;
  EXPECT_EQ(server->output().find(token), std::string::npos) << "never the token";
}

TEST_F(amocrm, lost_answers_make_no_second_incoming_lead_and_no_second_note) {
  auto server = start();
  // The add's answer lost: the next attempt finds the incoming lead and notes it.
  send_control("script", R"({"responses":[{"path":"/api/v4/leads/unsorted/forms","lose":true}]})");
  const auto added = post(*server, "Борис");
  EXPECT_NE(delivered(added).find("  amocrm\tdelivered\t2 attempts"), std::string::npos)
      << show(added) << server->output();
  // The note's answer lost: the next attempt finds the note among the lead's and adds none.
  send_control("script", R"({"responses":[{"path":"/api/v4/leads/notes","lose":true}]})");
  const auto noted = post(*server, "Дина");
  EXPECT_NE(delivered(noted).find("  amocrm\tdelivered\t2 attempts"), std::string::npos)
      << show(noted);
  const auto leads = list("leads");
  ASSERT_EQ(leads.size(), 2U) << "one incoming lead each";
  for (const auto& each : leads) {
    EXPECT_EQ(each.at("notes").as_array().size(), 1U) << boost::json::serialize(each);
  }
}

TEST_F(amocrm, a_lead_a_manager_accepts_between_a_lost_answer_and_the_retry_is_not_added_again) {
  send_control("script", R"({"responses":[{"path":"/api/v4/leads/unsorted/forms","lose":true}]})");
  auto server = start();
  const auto id = post(*server, "Жанна");
  for (int i = 0; i < 100 && list("leads").empty(); ++i) std::this_thread::sleep_for(50ms);
  ASSERT_EQ(list("leads").size(), 1U) << server->output();
  // A manager accepts it before the retry (five seconds later): it leaves the incoming leads.
  send_control("accept", R"({"source_uid":")" + id + R"("})");
  EXPECT_NE(delivered(id).find("  amocrm\tdelivered\t2 attempts"), std::string::npos)
      << show(id) << server->output();
  const auto leads = list("leads");
  ASSERT_EQ(leads.size(), 1U) << "found by the id in its name, not added again";
  EXPECT_TRUE(leads.at(0).at("accepted").as_bool());
  EXPECT_NE(note_of(leads.at(0)).find("Заявка " + id), std::string::npos) << "and noted";
  server->terminate();
  // Erased here: API v4 cannot delete a lead, and the erasure record says so.
  run_binary({"leads", "erase", "--id", id, "--db", db()});
  const auto records = clean_erased();
  ASSERT_EQ(records.size(), 1U);
  const auto lead_number = std::to_string(leads.at(0).at("lead_ids").at(0).as_int64());
  EXPECT_NE(records[0].crm.find("amocrm: failed: a manager accepted it as lead #" + lead_number),
            std::string::npos)
      << records[0].crm;
}

TEST_F(amocrm, a_revoked_token_turns_the_channel_off_and_tells_the_chat) {
  send_control("revoke");
  auto server = start();
  post(*server, "Глеб");
  ASSERT_TRUE(bot.wait_for(2, 8s)) << server->output();
  const auto alert = bot.requests().at(1).body;
  EXPECT_NE(alert.find("amoCRM"), std::string::npos) << alert;
  EXPECT_NE(alert.find("HTTP 401"), std::string::npos) << alert;
  EXPECT_NE(alert.find("leads retry --channel amocrm"), std::string::npos) << alert;
  EXPECT_EQ(alert.find(token), std::string::npos);
}

TEST_F(amocrm, a_rate_limit_waits_and_a_refused_lead_is_failed_with_its_fields_named) {
  send_control("script", R"({"responses":[{"path":"/api/v4/leads/unsorted","status":429}]})");
  auto server = start();
  const auto waited = post(*server, "Вера");
  EXPECT_NE(delivered(waited).find("  amocrm\tdelivered\t2 attempts"), std::string::npos)
      << show(waited);
  send_control(
      "script",
      R"({"responses":[{"path":"/api/v4/leads/unsorted/forms","status":400,"body":)"
      R"({"validation-errors":[{"request_id":"0","errors":[{"code":"NotSupportedChoice",)"
      R"("path":"0._embedded.contacts.0.custom_fields_values.0.field_code",)"
      R"("detail":"The value you selected is not a valid choice."}]}],"title":"Bad Request",)"
      R"("status":400,"detail":"Request validation failed"}}]})");
  const auto refused = post(*server, "Ира");
  const auto shown = delivered(refused, "failed");
  EXPECT_NE(shown.find("  amocrm\tfailed\t1 attempts"), std::string::npos) << shown;
  EXPECT_NE(shown.find("custom_fields_values.0.field_code: The value you selected"),
            std::string::npos)
      << shown;
}

TEST_F(amocrm, the_test_command_adds_a_marked_lead_and_an_erased_lead_is_declined) {
  auto args = std::vector<std::string>{"amocrm", "test"};
  for (const auto& each : flags()) args.push_back(each);
  const auto took = run_binary(args);
  EXPECT_EQ(took.exit_code, 0) << took.output;
  EXPECT_NE(took.output.find("took the test lead"), std::string::npos) << took.output;
  ASSERT_EQ(list("leads").size(), 1U);
  send_control("reset");

  auto server = start();
  const auto id = post(*server, "Анна");
  ASSERT_NE(delivered(id).find("  amocrm\tdelivered"), std::string::npos);
  server->terminate();
  const auto erased = run_binary({"leads", "erase", "--id", id, "--db", db()});
  EXPECT_NE(erased.output.find("CRM copies amocrm: pending"), std::string::npos) << erased.output;
  const auto records = clean_erased();
  EXPECT_TRUE(list("leads").at(0).at("declined").as_bool());
  ASSERT_EQ(records.size(), 1U);
  EXPECT_EQ(records[0].crm, "amocrm: declined (gone from the incoming leads)");
}

}  // namespace
}  // namespace landing::testing
