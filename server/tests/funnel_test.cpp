// The funnel end to end on both engines: the page's steps over HTTP (beacons and the
// no-JavaScript image), leads through the contact API and the desk's clicks in the chat, and
// `leads report` counting each step as counted by hand; refusals and per-client shares.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <thread>

#include "common/clock.hpp"
#include "postgres.hpp"
#include "support.hpp"

namespace landing::testing {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

constexpr const char* beacon_type = "Content-Type: text/plain;charset=UTF-8";
constexpr std::int64_t chat = 42;  // telegram_env's chat

std::string steps_body(const std::string& locale, const std::string& device,
                       const std::string& steps, const std::string& source = {}) {
  return R"({"v":1,"locale":")" + locale + R"(","device":")" + device + R"(","steps":)" + steps +
         (source.empty() ? "" : R"(,"source":)" + source) + "}";
}

class funnel : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    make_site(dir.path / "site");
    db = GetParam() == "sqlite" ? (dir.path / "leads.db").string()
                                : postgres_server::shared().new_database();
  }
  void start(std::vector<std::string> extra = {}) {
    auto args = delivery_test_args((dir.path / "site").string(), db);
    // Beacons name their client in X-Forwarded-For, so each test says whose they are.
    args.insert(args.end(), {"--vitals-rate-limit-burst", "100000", "--rate-limit-burst", "1000",
                             "--trust-proxy", "127.0.0.0/8"});
    args.insert(args.end(), extra.begin(), extra.end());
    server = std::make_unique<server_process>(args, telegram_env(bot.base_url()),
                                              dir.path / "server.log");
  }
  void TearDown() override {
    if (server) server->terminate();
  }
  http_reply beacon(const std::string& body, const std::string& client) {
    return http_call("POST", server->url("/api/funnel"),
                     {beacon_type, "Origin: " + server->url(""), "X-Forwarded-For: " + client},
                     body);
  }
  // The <noscript> image as a browser fetches it from the landing page at `page`.
  http_reply pixel(const std::string& query, const std::string& page, const std::string& client,
                   std::vector<std::string> headers = {"Sec-Fetch-Site: same-origin"}) {
    headers.insert(headers.end(), {"Referer: " + server->url(page), "X-Forwarded-For: " + client});
    return http_call("GET", server->url("/api/funnel/noscript" + query), headers);
  }
  std::string lead(const std::string& name, const std::string& website = "") {
    const auto body = json::serialize(
        json::object{{"name", name},
                     {"social", "@" + name},
                     {"email", name + "@example.com"},
                     {"message", "We need a landing page."},
                     {"locale", "en"},
                     {"website", website},
                     {"source", {{"utm_source", "Google"}, {"landing", "/en"}, {"locale", "en"}}}});
    const auto reply =
        http_call("POST", server->url("/api/contact"),
                  {"Content-Type: application/json", "Origin: " + server->url("")}, body);
    EXPECT_EQ(reply.status, 202) << reply.body;
    return std::string(json::parse(reply.body).at("id").as_string());
  }
  void click(const std::string& data, const std::string& id) {
    static int queries = 0;
    std::string query_id = "q";  // appended: GCC 12 warns wrongly (-Wrestrict) on "q" + …
    query_id += std::to_string(++queries);
    bot.inject(json::serialize(
        json::object{{"callback_query",
                      {{"id", query_id},
                       {"from", {{"id", 101}, {"is_bot", false}, {"first_name", "Анна"}}},
                       {"chat_instance", "1"},
                       {"data", data + ":" + id},
                       {"message",
                        {{"message_id", bot.message_id_carrying("take:" + id)},
                         {"date", 1},
                         {"chat", {{"id", chat}, {"type", "supergroup"}}},
                         {"text", "…"}}}}}}));
  }
  std::string cli(std::vector<std::string> args) {
    args.insert(args.begin(), {"--db", db});
    const auto result = run_binary(args);
    EXPECT_EQ(result.exit_code, 0) << result.output;
    return result.output;
  }
  // The report's funnel row for a source, once `total_arrived` arrivals are written (the
  // recorder writes within a second) and `answered` desk clicks were answered.
  json::object row_of(const std::string& source, int total_arrived) {
    json::value report;
    for (int i = 0; i < 50; ++i) {
      report = json::parse(cli({"leads", "report", "--json"}));
      if (report.at("funnel").at("total").at("steps").at("arrived").to_number<int>() ==
          total_arrived) {
        break;
      }
      std::this_thread::sleep_for(200ms);
    }
    for (const auto& row : report.at("funnel").at("sources").as_array()) {
      if (row.at("source").as_string() == source) return row.as_object();
    }
    ADD_FAILURE() << "no funnel row for " << source << ": " << report;
    return {};
  }
  static std::vector<int> steps(const json::object& row) {
    std::vector<int> out;
    for (const auto* step : {"arrived", "cases", "docs", "form", "sent", "taken", "done"}) {
      out.push_back(row.at("steps").at(step).to_number<int>());
    }
    return out;
  }

  temp_dir dir;
  fake_bot_api bot;
  std::string db;
  std::unique_ptr<server_process> server;
};

TEST_P(funnel, each_step_counts_as_counted_by_hand_from_the_page_the_form_and_the_desk) {
  start({"--arrivals-per-hour", "100"});
  const auto google = R"({"utm_source":"Google","referrer":"www.google.com"})";
  // A phone: arrives and sees the cases, then on a later page view starts the form.
  EXPECT_EQ(
      beacon(steps_body("en", "mobile", R"(["arrived","cases"])", google), "198.18.0.1").status,
      204);
  EXPECT_EQ(beacon(steps_body("en", "mobile", R"(["form"])", google), "198.18.0.1").status, 204);
  // A desktop reaches every page step at once; a direct visit only arrives.
  EXPECT_EQ(beacon(steps_body("en", "desktop", R"(["arrived","cases","docs","form"])", google),
                   "198.18.0.2")
                .status,
            204);
  EXPECT_EQ(beacon(steps_body("ru", "desktop", R"(["arrived"])"), "198.18.0.3").status, 204);
  // Without JavaScript: a tagged landing URL is google, an untagged one unknown (as the lead its
  // form post would send); a visitor with Do Not Track or GPC gets the image and is not counted.
  const auto tagged = pixel("?d=mobile", "/en?utm_source=Google&utm_medium=cpc", "198.18.0.4");
  EXPECT_EQ(tagged.status, 200);
  EXPECT_EQ(tagged.body.substr(0, 6), "GIF89a");
  EXPECT_EQ(pixel("?d=desktop", "/ru", "198.18.0.5").status, 200);
  EXPECT_EQ(pixel("?d=mobile", "/en?utm_source=Google", "198.18.0.6",
                  {"DNT: 1", "Sec-Fetch-Site: same-origin"})
                .status,
            200);
  EXPECT_EQ(pixel("?d=mobile", "/en?utm_source=Google", "198.18.0.7",
                  {"Sec-GPC: 1", "Sec-Fetch-Site: same-origin"})
                .status,
            200);

  // Three leads from google (one of them marked spam on the desk) and a bot's.
  const auto taken = lead("anna");
  const auto closed = lead("boris");
  const auto spam = lead("vera");
  lead("robot", "https://spam.example");
  ASSERT_TRUE(bot.wait_for(3, 10s));
  click("take", taken);
  click("take", closed);
  ASSERT_TRUE(bot.wait_for_calls("editMessageText", 2, 10s));
  click("done", closed);
  click("spam", spam);
  ASSERT_TRUE(bot.wait_for_calls("editMessageText", 4, 10s));

  // google: arrived 3 (two pages, one image), cases 2, docs 1, form 2; sent 2 (vera is spam),
  // taken 2, done 1.
  const auto row = row_of("google", 5);
  EXPECT_EQ(steps(row), (std::vector<int>{3, 2, 1, 2, 2, 2, 1})) << json::serialize(row);
  EXPECT_DOUBLE_EQ(row.at("drop_percent").at("cases").to_number<double>(), 33.3);
  EXPECT_EQ(steps(row_of("direct", 5)), (std::vector<int>{1, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(steps(row_of("unknown", 5)), (std::vector<int>{1, 0, 0, 0, 0, 0, 0}));
  // The report's lead figures agree: its google leads are the funnel's sent plus the spam.
  const auto report = json::parse(cli({"leads", "report", "--json"}));
  EXPECT_EQ(report.at("total").at("leads").to_number<int>(), 3);
  const auto text = cli({"leads", "report"});
  EXPECT_NE(text.find("Funnel by source"), std::string::npos) << text;
  const auto page = dir.path / "report.html";
  cli({"leads", "report", "--html", page.string()});
  EXPECT_NE(read_all(page).find("<h2>Funnel</h2>"), std::string::npos);

  // The digest of today (tomorrow's daily one; its days are UTC days) says the same figures.
  const auto tomorrow = clock::format_day(clock::today_utc() + 1);
  const auto digest = cli({"--digest-tz", "Europe/Moscow", "digest", "preview", "--period", "daily",
                           "--at", tomorrow, "--image", (dir.path / "digest.png").string()});
  EXPECT_NE(digest.find("Заявки: 2 (было 0, +2)\n• google — 2 (было 0, +2)\n"), std::string::npos)
      << digest;
  EXPECT_NE(digest.find("пришли 5 → кейсы 2 (−60%) → документация 1 (−50%) → форма 2 (+100%) → "
                        "отправили 2 (0%) → взяли 2 (0%) → закрыли 1 (−50%)"),
            std::string::npos)
      << digest;
  EXPECT_NE(digest.find("Работа с заявками: взяли 2, спам 1, закрыли 1"), std::string::npos)
      << digest;
  EXPECT_EQ(read_all(dir.path / "digest.png").substr(1, 3), "PNG");
}

TEST_P(funnel, one_client_cannot_skew_a_step_past_its_hourly_share) {
  start();  // 4 an hour, the default
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(beacon(steps_body("en", "mobile", R"(["arrived","cases"])"), "198.18.1.1").status,
              204);
  }
  // Another address has a share of its own.
  EXPECT_EQ(beacon(steps_body("en", "mobile", R"(["form"])"), "198.18.1.2").status, 204);
  const auto row = row_of("direct", 4);
  EXPECT_EQ(steps(row), (std::vector<int>{4, 4, 0, 1, 0, 0, 0}));
  const auto metrics = http_call("GET", server->url("/metrics")).body;
  EXPECT_NE(metrics.find("landing_funnel_steps_capped_total 6\n"), std::string::npos) << metrics;
  EXPECT_NE(metrics.find("landing_funnel_beacons_total 8\n"), std::string::npos) << metrics;
}

// One share per client across every step: a made-up tag on each step's beacon does not let one
// address add four classes for each one an arrival may. Of 16 beacons (each step four times,
// each with a tag of its own) from one address, 4 count; the day holds those 4 classes.
TEST_P(funnel, one_client_has_one_share_across_steps_so_made_up_tags_stay_few) {
  start();  // 4 an hour, the default
  int made = 0;
  for (const auto* step : {"arrived", "cases", "docs", "form"}) {
    for (int i = 0; i < 4; ++i) {
      const auto tag = "made-up-" + std::to_string(made++);
      EXPECT_EQ(beacon(steps_body("en", "mobile", std::string(R"([")") + step + R"("])",
                                  R"({"utm_source":")" + tag + R"("})"),
                       "2001:db8:7:7::" + std::to_string(made))
                    .status,
                204);
    }
  }
  const auto metrics = [&] { return http_call("GET", server->url("/metrics")).body; };
  for (int i = 0;
       i < 50 && metrics().find("landing_funnel_steps_capped_total 12\n") == std::string::npos;
       ++i) {
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_NE(metrics().find("landing_funnel_steps_capped_total 12\n"), std::string::npos)
      << metrics();
  // The recorder writes within a second: the classes the report holds once it has.
  int classes = 0;
  for (int i = 0; i < 50 && classes < 4; ++i) {
    if (i > 0) std::this_thread::sleep_for(200ms);
    classes = 0;
    const auto report = json::parse(cli({"leads", "report", "--json"}));
    for (const auto& row : report.at("funnel").at("sources").as_array()) {
      if (row.at("source").as_string().starts_with("made-up-")) ++classes;
    }
  }
  EXPECT_EQ(classes, 4) << "one address, one share of classes";
}

TEST_P(funnel, what_the_contract_refuses_gets_a_clear_answer_and_counts_nothing) {
  start();
  const auto refused = [&](const http_reply& reply, int status, const std::string& code) {
    EXPECT_EQ(reply.status, status) << reply.body;
    EXPECT_NE(reply.body.find(code), std::string::npos) << reply.body;
  };
  refused(beacon(steps_body("en", "mobile", R"(["sent"])"), "198.18.2.1"), 400, "step");
  refused(beacon(steps_body("de", "mobile", R"(["arrived"])"), "198.18.2.1"), 400, "locale");
  refused(beacon(std::string(2000, ' '), "198.18.2.1"), 413, "too_large");
  refused(http_call("POST", server->url("/api/funnel"),
                    {"Content-Type: image/png", "Origin: " + server->url("")}, "{}"),
          415, "unsupported_media_type");
  refused(http_call("POST", server->url("/api/funnel"),
                    {beacon_type, "Origin: https://elsewhere.example"},
                    steps_body("en", "mobile", R"(["arrived"])")),
          403, "cross_site");
  EXPECT_EQ(http_call("GET", server->url("/api/funnel")).status, 405);
  EXPECT_EQ(http_call("POST", server->url("/api/funnel/noscript"), {beacon_type}, "").status, 405);
  refused(pixel("?d=tablet", "/en", "198.18.2.2"), 400, "device");
  refused(pixel("?d=mobile", "/", "198.18.2.2"), 400, "locale");
  refused(pixel("?d=mobile", "/en", "198.18.2.2", {"Sec-Fetch-Site: cross-site"}), 403,
          "cross_site");
  // A page the browser prepared ahead of the visitor (Speculation Rules): answered as the real
  // request is, and counted nowhere, the image as the beacon.
  const auto ahead = pixel("?d=mobile", "/en", "198.18.2.3",
                           {"Sec-Fetch-Site: same-origin", "Sec-Purpose: prefetch;prerender"});
  EXPECT_EQ(ahead.status, 200);
  EXPECT_EQ(ahead.body.substr(0, 6), "GIF89a");
  EXPECT_EQ(http_call("POST", server->url("/api/funnel"),
                      {beacon_type, "Origin: " + server->url(""), "Sec-Purpose: prefetch"},
                      steps_body("en", "mobile", R"(["arrived"])"))
                .status,
            204);
  // Counted nothing: the report has no funnel rows, and the server still serves.
  std::this_thread::sleep_for(1500ms);
  const auto report = json::parse(cli({"leads", "report", "--json"}));
  EXPECT_TRUE(report.at("funnel").at("sources").as_array().empty()) << report;
  EXPECT_EQ(http_call("GET", server->url("/en")).status, 200);
}

INSTANTIATE_TEST_SUITE_P(engines, funnel, ::testing::Values("sqlite", "postgres"));

}  // namespace
}  // namespace landing::testing
