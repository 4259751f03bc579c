// The chat as the lead desk (issue 15), through the real binary and a fake Bot API: buttons,
// clicks by getUpdates and by webhook, who may click, the reminder, long leads, a moved chat.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <regex>

#include "support.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;
namespace json = boost::json;

constexpr std::int64_t chat = 42;  // telegram_env's chat

struct clicker {
  std::int64_t id;
  std::string first_name;
  std::string username;
};
const clicker anna{101, "Анна", "anna"};
const clicker boris{202, "Борис", ""};

class triage : public ::testing::Test {
 protected:
  void SetUp() override { make_site(dir.path / "site"); }

  std::unique_ptr<server_process> start(std::vector<std::string> extra = {}) {
    std::vector<std::string> args = delivery_test_args((dir.path / "site").string(), db());
    args.insert(args.end(), {"--rate-limit-burst", "100"});
    args.insert(args.end(), extra.begin(), extra.end());
    // A log of its own for each start: the runner finds the port in the first "listening" line.
    return std::make_unique<server_process>(
        args, telegram_env(bot.base_url()),
        dir.path / ("server-" + std::to_string(++starts) + ".log"));
  }

  std::string post(server_process& server, const std::string& message = "We need a site.",
                   const std::string& name = "Vera") {
    const auto body = json::serialize(json::object{{"name", name},
                                                   {"social", "@vera"},
                                                   {"email", "vera@example.com"},
                                                   {"message", message},
                                                   {"locale", "en"}});
    const auto reply =
        http_call("POST", server.url("/api/contact"), {"Content-Type: application/json"}, body);
    EXPECT_EQ(reply.status, 202) << reply.body << server.output();
    return std::string(json::parse(reply.body).at("id").as_string());
  }

  // Delivers a lead and returns its id and message id.
  std::pair<std::string, std::int64_t> delivered_lead(server_process& server) {
    const auto before = bot.requests().size();
    const auto id = post(server);
    EXPECT_TRUE(bot.wait_for(before + 1, 10s));
    EXPECT_TRUE(wait_for_status(id, "delivered"));
    return {id, bot.message_id_carrying("take:" + id)};
  }

  static std::string query_id(int n) {
    std::string out = "q";  // appended, not "q" + …: GCC 12 warns wrongly (-Wrestrict) on that
    out += std::to_string(n);
    return out;
  }

  static std::string click(const clicker& who, std::int64_t chat_id, std::int64_t message_id,
                           const std::string& data) {
    static int queries = 0;
    json::object from{{"id", who.id}, {"is_bot", false}, {"first_name", who.first_name}};
    if (!who.username.empty()) from["username"] = who.username;
    return json::serialize(json::object{{"callback_query",
                                         {{"id", query_id(++queries)},
                                          {"from", from},
                                          {"chat_instance", "1"},
                                          {"data", data},
                                          {"message",
                                           {{"message_id", message_id},
                                            {"date", 1},
                                            {"chat", {{"id", chat_id}, {"type", "supergroup"}}},
                                            {"text", "…"}}}}}});
  }

  std::string show(const std::string& id) {
    return run_binary({"leads", "show", id, "--db", db()}).output;
  }

  bool wait_for_status(const std::string& id, const std::string& status,
                       const std::string& field = "status") {
    for (int i = 0; i < 200; ++i) {
      if (show(id).find(field + ": " + status + "\n") != std::string::npos) return true;
      std::this_thread::sleep_for(50ms);
    }
    return false;
  }

  // The toast of the n-th answerCallbackQuery (1-based), once it came.
  std::string toast(std::size_t n) {
    EXPECT_TRUE(bot.wait_for_calls("answerCallbackQuery", n, 10s));
    const auto calls = bot.calls("answerCallbackQuery");
    if (calls.size() < n) return {};
    return std::string(json::parse(calls[n - 1].body).at("text").as_string());
  }

  // The n-th editMessageText (1-based), once it came.
  json::object edit(std::size_t n) {
    EXPECT_TRUE(bot.wait_for_calls("editMessageText", n, 10s));
    const auto calls = bot.calls("editMessageText");
    if (calls.size() < n) return {};
    return json::parse(calls[n - 1].body).as_object();
  }

  static std::vector<std::string> buttons(const json::object& body) {
    std::vector<std::string> out;
    const auto& markup = body.at("reply_markup").as_object();
    for (const auto& row : markup.at("inline_keyboard").as_array()) {
      for (const auto& button : row.as_array()) {
        out.push_back(std::string(button.at("text").as_string()) + "=" +
                      std::string(button.at("callback_data").as_string()));
      }
    }
    return out;
  }

  [[nodiscard]] std::string db() const { return (dir.path / "leads.db").string(); }
  [[nodiscard]] std::string site() const { return (dir.path / "site").string(); }

  temp_dir dir;
  fake_bot_api bot;
  int starts = 0;
};

TEST_F(triage, a_lead_arrives_with_take_and_spam_buttons) {
  auto server = start();
  const auto [id, message] = delivered_lead(*server);
  const auto sent = json::parse(bot.requests().back().body).as_object();
  EXPECT_EQ(buttons(sent), (std::vector<std::string>{"Беру=take:" + id, "Спам=spam:" + id}));
  EXPECT_EQ(message, 1);
}

TEST_F(triage, every_transition_edits_the_message_answers_a_toast_and_is_recorded) {
  auto server = start();
  const auto [id, message] = delivered_lead(*server);
  const std::regex clock(R"(, \d\d:\d\d$)");
  struct step {
    std::string data;
    std::string status;
    std::string toast;
    std::string line;  // the status line's start
    std::vector<std::string> buttons;
  };
  const std::vector<step> steps{
      {"take",
       "taken",
       "Заявка ваша",
       "Взял: Анна (@anna)",
       {"Готово=done:" + id, "Вернуть=release:" + id}},
      {"release",
       "new",
       "Заявка снова свободна",
       "Вернул: Анна (@anna)",
       {"Беру=take:" + id, "Спам=spam:" + id}},
      {"spam", "spam", "Отмечено как спам", "Спам: Анна (@anna)", {"Не спам=unspam:" + id}},
      {"unspam",
       "new",
       "Заявка снова новая",
       "Не спам: Анна (@anna)",
       {"Беру=take:" + id, "Спам=spam:" + id}},
      {"take",
       "taken",
       "Заявка ваша",
       "Взял: Анна (@anna)",
       {"Готово=done:" + id, "Вернуть=release:" + id}},
      {"done", "done", "Отмечено: готово", "Готово: Анна (@anna)", {}},
  };
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const auto& expected = steps[i];
    bot.inject(click(anna, chat, message, expected.data + ":" + id));
    EXPECT_EQ(toast(i + 1), expected.toast) << expected.data;
    const auto edited = edit(i + 1);
    ASSERT_FALSE(edited.empty()) << expected.data;
    EXPECT_EQ(edited.at("chat_id").as_int64(), chat);
    EXPECT_EQ(edited.at("message_id").as_int64(), message);
    const std::string text(edited.at("text").as_string());
    EXPECT_TRUE(text.starts_with("Vera сообщает:\n│ We need a site.")) << text;
    const auto line = text.substr(text.rfind('\n') + 1);
    EXPECT_TRUE(line.starts_with(expected.line)) << line;
    EXPECT_TRUE(std::regex_search(line, clock)) << line;
    EXPECT_EQ(buttons(edited), expected.buttons) << expected.data;
    EXPECT_TRUE(wait_for_status(id, expected.status, "triage")) << show(id);
  }
  const auto shown = show(id);
  EXPECT_NE(shown.find("taken_by: Анна (@anna)\n"), std::string::npos) << shown;
  for (const auto* action : {"\ttake\t", "\trelease\t", "\tspam\t", "\tunspam\t", "\tdone\t"}) {
    EXPECT_NE(shown.find(action), std::string::npos) << action << shown;
  }
  EXPECT_NE(shown.find("Анна (@anna) (id 101)"), std::string::npos) << shown;
  const auto listed = run_binary({"leads", "list", "--status", "done", "--db", db()}).output;
  // The columns of old keep their places (scripts read them by position); the desk's come last.
  EXPECT_TRUE(listed.starts_with(
      "id\tstatus\tcreated\tattempts\tname\temail\tlast_error\ttriage\ttaken_by\ttelegram\t"
      "webhook\temail\n" +
      id + "\tdelivered\t"))
      << listed;
  EXPECT_NE(listed.find("\tVera\tvera@example.com\t\tdone\tАнна (@anna)\tdelivered/1\t-\t-\n"),
            std::string::npos)
      << listed;
  const auto csv = run_binary({"leads", "export", "--csv", "--db", db()}).output;
  EXPECT_NE(csv.find("triage,taken_by,taken_at,done_at,minutes_to_take"), std::string::npos);
  EXPECT_NE(csv.find(",done,\"Анна (@anna)\","), std::string::npos) << csv;
  const auto metrics = http_call("GET", server->url("/metrics")).body;
  EXPECT_NE(metrics.find("landing_leads_by_status{status=\"done\"} 1"), std::string::npos);
  EXPECT_NE(metrics.find("landing_lead_time_to_take_seconds_count 2"), std::string::npos)
      << metrics;
}

// The tabs of `leads show`'s history: two per click recorded.
std::ptrdiff_t history_tabs(const std::string& shown) {
  const auto from = shown.find("\nhistory:\n");
  if (from == std::string::npos) return -1;
  return std::count(shown.begin() + static_cast<std::ptrdiff_t>(from), shown.end(), '\t');
}

TEST_F(triage, of_two_managers_taking_at_once_one_wins_and_the_other_is_told_who) {
  auto server = start();
  const auto [id, message] = delivered_lead(*server);
  bot.inject(click(boris, chat, message, "take:" + id));
  bot.inject(click(anna, chat, message, "take:" + id));
  EXPECT_EQ(toast(1), "Заявка ваша");
  EXPECT_EQ(toast(2), "Уже взял: Борис");
  // An out-of-date button later: nothing moves, and the toast says why.
  bot.inject(click(anna, chat, message, "release:" + id));
  bot.inject(click(anna, chat, message, "unspam:" + id));
  EXPECT_EQ(toast(3), "Заявка снова свободна") << "Anna may hand back what Boris took";
  EXPECT_EQ(toast(4), "Ничего не изменилось: заявка уже новая");
  EXPECT_TRUE(wait_for_status(id, "new", "triage"));
  const auto shown = show(id);
  EXPECT_EQ(history_tabs(shown), 2 * 2) << shown;
}

TEST_F(triage, clicks_from_another_chat_or_user_are_refused_and_logged) {
  auto server = start({"--triage-users", "101,303"});
  const auto [id, message] = delivered_lead(*server);
  bot.inject(click(anna, -999, message, "take:" + id));   // another chat
  bot.inject(click(boris, chat, message, "take:" + id));  // not on the list
  EXPECT_EQ(toast(1), "нет доступа");
  EXPECT_EQ(toast(2), "нет доступа");
  bot.inject(click(anna, chat, message, "take:" + id));
  EXPECT_EQ(toast(3), "Заявка ваша");
  EXPECT_TRUE(wait_for_status(id, "taken", "triage"));
  EXPECT_NE(server->output().find(R"("event":"triage_refused","user_id":202)"), std::string::npos)
      << server->output();
  EXPECT_NE(server->output().find(R"("event":"triage_refused","user_id":101,"chat_id":-999)"),
            std::string::npos);
}

TEST_F(triage, malformed_updates_and_unknown_leads_are_skipped_and_polling_goes_on) {
  auto server = start();
  const auto [id, message] = delivered_lead(*server);
  bot.inject(R"({"message":{"message_id":5,"chat":{"id":42},"text":"hi"}})");
  bot.inject(R"({"callback_query":{"id":"x"}})");
  bot.inject(click(anna, chat, message, "take:not-a-lead"));
  bot.inject(click(anna, chat, message, "take:01JD3Z6W8Q5N2R4T6V8X0Y2A4C"));
  bot.inject(click(anna, chat, message, "take:" + id));
  EXPECT_EQ(toast(1), "Кнопка не распознана");
  EXPECT_EQ(toast(2), "Заявка не найдена");
  EXPECT_EQ(toast(3), "Заявка ваша");
  EXPECT_TRUE(wait_for_status(id, "taken", "triage"));
  EXPECT_NE(server->output().find("telegram_update_skipped"), std::string::npos);
}

TEST_F(triage, the_offset_survives_a_restart_and_kill_9_so_no_click_counts_twice_or_is_lost) {
  auto server = start();
  const auto [id, message] = delivered_lead(*server);
  const auto first = bot.inject(click(anna, chat, message, "take:" + id));
  EXPECT_EQ(toast(1), "Заявка ваша");
  EXPECT_TRUE(wait_for_status(id, "taken", "triage"));
  // The offset is stored after the batch: wait for the poll that confirms it.
  for (int i = 0; i < 100 && bot.last_offset() <= first; ++i) std::this_thread::sleep_for(50ms);
  server->kill_hard();
  server.reset();
  // A click while no server runs waits in Telegram, and counts once after the restart.
  bot.inject(click(anna, chat, message, "release:" + id));
  server = start();
  EXPECT_EQ(toast(2), "Заявка снова свободна");
  EXPECT_TRUE(wait_for_status(id, "new", "triage"));
  EXPECT_GT(bot.calls("getUpdates").size(), 0U);
  EXPECT_EQ(server->terminate(), 0);
  server.reset();
  server = start();
  ASSERT_TRUE(bot.wait_for_calls("getUpdates", bot.calls("getUpdates").size() + 1, 10s));
  EXPECT_GT(bot.last_offset(), first + 1);
  // The whole history: one take and one release, no click replayed.
  const auto shown = show(id);
  EXPECT_EQ(history_tabs(shown), 2 * 2) << shown;
}

TEST_F(triage, a_click_fetched_again_after_kill_9_changes_nothing_twice) {
  // The click is taken, then the process dies before the offset is stored: the same update
  // comes again, and the store knows it.
  auto server = start();
  const auto [id, message] = delivered_lead(*server);
  const auto update = click(anna, chat, message, "take:" + id);
  bot.inject(update);
  EXPECT_EQ(toast(1), "Заявка ваша");
  server->kill_hard();
  server.reset();
  // Telegram hands out what was not confirmed; inject it again as it would.
  bot.inject(update);
  bot.inject(click(anna, chat, message, "release:" + id));
  server = start();
  EXPECT_EQ(toast(2), "Заявка снова свободна");
  const auto shown = show(id);
  EXPECT_EQ(history_tabs(shown), 2 * 2) << shown;
  EXPECT_NE(server->output().find("triage_click_repeated"), std::string::npos);
}

TEST_F(triage, a_lead_nobody_took_is_reminded_of_once_even_across_restarts) {
  auto server = start({"--triage-remind-after", "2s"});
  const auto [id, message] = delivered_lead(*server);
  const auto [taken, taken_message] = delivered_lead(*server);
  bot.inject(click(anna, chat, taken_message, "take:" + taken));
  EXPECT_EQ(toast(1), "Заявка ваша");
  ASSERT_TRUE(bot.wait_for(3, 10s));
  const auto reminder = json::parse(bot.requests()[2].body).as_object();
  const std::string text(reminder.at("text").as_string());
  EXPECT_TRUE(text.starts_with("⏰ Заявку никто не взял за ")) << text;
  EXPECT_NE(text.find("│ Vera\n│ vera@example.com\n│ @vera\nЗаявка " + id), std::string::npos)
      << text;
  EXPECT_EQ(reminder.at("reply_parameters").at("message_id").as_int64(), message);
  EXPECT_FALSE(reminder.contains("reply_markup"));
  EXPECT_EQ(server->terminate(), 0);
  server.reset();
  server = start({"--triage-remind-after", "2s"});
  std::this_thread::sleep_for(3s);
  EXPECT_EQ(bot.requests().size(), 3U) << "one reminder, never again, and none for the taken lead";
}

TEST_F(triage, a_lead_longer_than_one_message_arrives_whole_with_the_buttons_on_its_last_part) {
  auto server = start();
  std::string long_message;
  for (int i = 0; i < 3990; ++i) long_message += i % 100 == 99 ? "\n" : "ж";
  const auto id = post(*server, long_message);
  ASSERT_TRUE(bot.wait_for(2, 10s));
  ASSERT_TRUE(wait_for_status(id, "delivered"));
  const auto requests = bot.requests();
  ASSERT_EQ(requests.size(), 2U);
  const auto first = json::parse(requests[0].body).as_object();
  const auto last = json::parse(requests[1].body).as_object();
  EXPECT_FALSE(first.contains("reply_markup"));
  EXPECT_EQ(buttons(last), (std::vector<std::string>{"Беру=take:" + id, "Спам=spam:" + id}));
  std::string whole =
      std::string(first.at("text").as_string()) + "\n" + std::string(last.at("text").as_string());
  std::size_t letters = 0;
  for (auto at = whole.find("ж"); at != std::string::npos; at = whole.find("ж", at + 1)) ++letters;
  EXPECT_EQ(letters, 3990U - 39U) << "nothing the visitor wrote is cut";
  EXPECT_TRUE(std::string(last.at("text").as_string()).ends_with("Заявка " + id));
  // A click edits the last part, the one with the buttons, and its text stays whole.
  bot.inject(click(anna, chat, 2, "take:" + id));
  const auto edited = edit(1);
  EXPECT_EQ(edited.at("message_id").as_int64(), 2);
  const std::string text(edited.at("text").as_string());
  EXPECT_TRUE(text.starts_with(std::string(last.at("text").as_string()) + "\n\nВзял: Анна"))
      << text;
}

TEST_F(triage, a_group_upgraded_to_a_supergroup_gets_the_lead_at_its_new_id_and_keeps_it) {
  bot.script({fake_bot_api::step(
      400,
      R"({"ok":false,"error_code":400,"description":"Bad Request: group chat was upgraded to a supergroup chat","parameters":{"migrate_to_chat_id":-1001234567890}})")});
  auto server = start();
  const auto id = post(*server);
  ASSERT_TRUE(bot.wait_for(2, 10s)) << server->output();
  EXPECT_TRUE(wait_for_status(id, "delivered")) << show(id);
  EXPECT_EQ(json::parse(bot.requests()[1].body).at("chat_id").as_int64(), -1001234567890);
  EXPECT_NE(server->output().find("telegram_chat_moved"), std::string::npos);
  EXPECT_EQ(server->terminate(), 0);
  server.reset();
  // After a restart the new id holds, and clicks from the supergroup count.
  server = start();
  const auto second = post(*server);
  ASSERT_TRUE(bot.wait_for(3, 10s));
  EXPECT_EQ(json::parse(bot.requests()[2].body).at("chat_id").as_int64(), -1001234567890);
  bot.inject(click(anna, -1001234567890, 2, "take:" + second));
  EXPECT_EQ(toast(1), "Заявка ваша");
}

TEST_F(triage, the_webhook_takes_clicks_with_the_right_secret_only) {
  auto server = start({"--telegram-webhook-secret", "s3cret_Token-1"});
  const auto [id, message] = delivered_lead(*server);
  const auto url = server->url("/api/telegram/webhook");
  const auto update = R"({"update_id":7,)" + click(anna, chat, message, "take:" + id).substr(1);
  const std::vector<std::string> json_type{"Content-Type: application/json"};
  EXPECT_EQ(http_call("POST", url, json_type, update).status, 401);
  for (const auto* wrong : {"s3cret_Token-2", "s3cret_Token-", "s3cret_Token-10", ""}) {
    auto headers = json_type;
    headers.push_back(std::string("X-Telegram-Bot-Api-Secret-Token: ") + wrong);
    EXPECT_EQ(http_call("POST", url, headers, update).status, 401) << wrong;
  }
  EXPECT_NE(show(id).find("triage: new\n"), std::string::npos);
  auto headers = json_type;
  headers.push_back("X-Telegram-Bot-Api-Secret-Token: s3cret_Token-1");
  EXPECT_EQ(http_call("POST", url, headers, update).status, 200);
  EXPECT_EQ(toast(1), "Заявка ваша");
  EXPECT_TRUE(wait_for_status(id, "taken", "triage"));
  EXPECT_EQ(http_call("POST", url, headers, R"({"update_id":8,"message":{}})").status, 200);
  EXPECT_TRUE(bot.calls("getUpdates").empty()) << "a webhook and getUpdates exclude each other";
  const auto health = json::parse(http_call("GET", server->url("/healthz")).body);
  EXPECT_EQ(health.at("telegram_updates").at("mode").as_string(), "webhook");
}

TEST_F(triage, without_a_secret_there_is_no_webhook) {
  auto server = start();
  EXPECT_EQ(http_call("POST", server->url("/api/telegram/webhook"),
                      {"Content-Type: application/json"}, "{}")
                .status,
            404);
  const auto refused =
      run_binary({"--telegram-webhook-secret", "has space", "--db", db(), "--site", site()});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.output.find("--telegram-webhook-secret"), std::string::npos);
  const auto bad_duration =
      run_binary({"--triage-remind-after", "30", "--db", db(), "--site", site()});
  EXPECT_EQ(bad_duration.exit_code, 2);
  EXPECT_NE(bad_duration.output.find("45s, 30m or 2h"), std::string::npos) << bad_duration.output;
}

TEST_F(triage, a_409_from_get_updates_shows_in_healthz_and_backs_off) {
  const std::string conflict =
      R"({"ok":false,"error_code":409,"description":"Conflict: terminated by other getUpdates request"})";
  bot.script_updates({{409, conflict}, {409, conflict}, {409, conflict}, {409, conflict}});
  auto server = start();
  json::value health;
  for (int i = 0; i < 100; ++i) {
    health = json::parse(http_call("GET", server->url("/healthz")).body);
    if (health.at("telegram_updates").at("mode").as_string() == "conflict") break;
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_EQ(health.at("telegram_updates").at("mode").as_string(), "conflict");
  EXPECT_EQ(http_call("GET", server->url("/healthz")).status, 200) << "leads still go in";
  // Backoff from 1 s, doubling: a few calls in three seconds, never a busy loop.
  std::this_thread::sleep_for(3s);
  EXPECT_LE(bot.calls("getUpdates").size(), 4U);
  // Once the other consumer is gone, polling resumes.
  for (int i = 0; i < 400; ++i) {
    health = json::parse(http_call("GET", server->url("/healthz")).body);
    if (health.at("telegram_updates").at("mode").as_string() == "polling") break;
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_EQ(health.at("telegram_updates").at("mode").as_string(), "polling");
  EXPECT_NE(server->output().find("telegram_updates_conflict"), std::string::npos);
}

}  // namespace
}  // namespace landing::testing
