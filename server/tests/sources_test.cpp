// Where leads come from, end to end on both engines: a source posted with a lead (or read from a
// form post's Referer) reaches the store, the Telegram message, `leads show` and the CSV; a bad
// one is dropped and counted while the lead is kept; arrivals counted from beacons and leads come
// together in `leads report`.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <sstream>

#include "postgres.hpp"
#include "support.hpp"

namespace landing::testing {
namespace {

constexpr const char* json_type = "Content-Type: application/json";
constexpr const char* form_type = "Content-Type: application/x-www-form-urlencoded";
constexpr const char* beacon_type = "Content-Type: text/plain;charset=UTF-8";

std::string lead_json(const std::string& name, const std::string& source_field) {
  return R"({"name":")" + name +
         R"(","social":"@anna_dev","email":"anna@example.com","message":"We need a landing page.",)"
         R"("locale":"en","website":"")" +
         (source_field.empty() ? "" : ",\"source\":" + source_field) + "}";
}

std::string beacon(const std::string& locale, const std::string& source_field) {
  return R"({"v":1,"route":"/:locale","locale":")" + locale +
         R"(","device":"mobile","metrics":[{"name":"TTFB","value":212.3,"rating":"good",)"
         R"("navigationType":"navigate"}])" +
         (source_field.empty() ? "" : ",\"source\":" + source_field) + "}";
}

class sources : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    make_site(dir.path / "site");
    db = GetParam() == "sqlite" ? (dir.path / "leads.db").string()
                                : postgres_server::shared().new_database();
    auto args = delivery_test_args((dir.path / "site").string(), db);
    // Beacons name their client in X-Forwarded-For, so each test says whose they are.
    args.insert(args.end(), {"--vitals-rate-limit-burst", "100000", "--rate-limit-burst", "1000",
                             "--trust-proxy", "127.0.0.0/8"});
    server = std::make_unique<server_process>(args, telegram_env(bot.base_url()),
                                              dir.path / "server.log");
  }
  void TearDown() override {
    if (server) server->terminate();
  }
  std::string post_lead(const std::string& body) {
    const auto reply = http_call("POST", server->url("/api/contact"),
                                 {json_type, "Origin: " + server->url("")}, body);
    EXPECT_EQ(reply.status, 202) << reply.body;
    return boost::json::parse(reply.body).at("id").as_string().c_str();
  }
  // From `client`, or else from an address of its own, so that no client's share of arrivals
  // is used up by a test that is not about it.
  void post_beacon(const std::string& body, std::string client = {}) {
    if (client.empty()) {
      client = "198.18." + std::to_string(next_client / 250) + "." +
               std::to_string(next_client % 250 + 1);
      ++next_client;
    }
    const auto reply =
        http_call("POST", server->url("/api/vitals"),
                  {beacon_type, "Origin: " + server->url(""), "X-Forwarded-For: " + client}, body);
    EXPECT_EQ(reply.status, 204) << reply.body;
  }
  std::string cli(std::vector<std::string> args, int expected = 0) {
    args.insert(args.begin(), {"--db", db});
    const auto result = run_binary(args);
    EXPECT_EQ(result.exit_code, expected) << result.output;
    return result.output;
  }
  std::string metrics() { return http_call("GET", server->url("/metrics")).body; }

  temp_dir dir;
  fake_bot_api bot;
  std::string db;
  std::unique_ptr<server_process> server;
  int next_client = 0;
};

TEST_P(sources, a_leads_source_reaches_the_chat_the_cli_and_the_csv) {
  const auto id = post_lead(lead_json(
      "Anna",
      R"({"utm_source":"Telegram","utm_medium":"post","utm_campaign":"launch",)"
      R"("gclid":true,"referrer":"t.me","landing":"/en","locale":"en","at":1790000000000})"));
  ASSERT_TRUE(bot.wait_for(1, std::chrono::seconds(10)));
  EXPECT_EQ(bot.delivered_containing("Источник: Telegram / post / launch · с t.me"), 1U);
  const auto shown = cli({"leads", "show", id});
  EXPECT_NE(shown.find("source: telegram\n"), std::string::npos) << shown;
  EXPECT_NE(shown.find(R"("utm_campaign":"launch")"), std::string::npos) << shown;
  const auto csv = cli({"leads", "export", "--csv"});
  EXPECT_NE(
      csv.find("source,utm_source,utm_medium,utm_campaign,utm_term,utm_content,ref,"
               "referrer,landing,click_ids,consent,unproven,telegram_status,telegram_attempts,"
               "telegram_error,webhook_status,webhook_attempts,webhook_error,email_status,"
               "email_attempts,email_error\n"),
      std::string::npos);
  EXPECT_NE(csv.find(R"("telegram","Telegram","post","launch","","","","t.me","/en",gclid)"),
            std::string::npos)
      << csv;
}

TEST_P(sources, a_hostile_source_is_dropped_and_counted_and_the_lead_is_kept) {
  const std::vector<std::pair<std::string, std::string>> hostile{
      {R"({"utm_source":"goo\u0007gle"})", "invalid_text"},
      {R"({"utm_source":")" + std::string(10240, 'x') + R"("})", "too_long"},
      {R"({"utm_source":"google","utm_id":"1"})", "unknown_key"},
      {R"({"ref":"\u202eanna"})", "invalid_text"},
      {R"({"referrer":"vc.ru/path"})", "bad_host"},
      {R"("utm_source=google")", "bad_type"},
  };
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < hostile.size(); ++i) {
    ids.push_back(post_lead(lead_json("Anna" + std::to_string(i), hostile[i].first)));
  }
  ASSERT_TRUE(bot.wait_for(hostile.size(), std::chrono::seconds(20)));
  EXPECT_EQ(bot.delivered_containing("Источник"), 0U);
  for (const auto& id : ids) {
    EXPECT_NE(cli({"leads", "show", id}).find("source: -\n"), std::string::npos) << id;
  }
  const auto text = metrics();
  EXPECT_NE(text.find(R"(landing_lead_sources_dropped_total{reason="invalid_text"} 2)"),
            std::string::npos)
      << text;
  for (const auto* reason : {"too_long", "unknown_key", "bad_host", "bad_type"}) {
    EXPECT_NE(
        text.find("landing_lead_sources_dropped_total{reason=\"" + std::string(reason) + "\"} 1"),
        std::string::npos)
        << reason;
  }
}

TEST_P(sources, a_form_post_takes_its_source_from_the_landing_url_in_its_referer) {
  const auto reply = http_call(
      "POST", server->url("/api/contact"),
      {form_type, "Sec-Fetch-Site: same-origin",
       "Referer: " +
           server->url("/ru?utm_source=yandex&utm_medium=cpc&ref=anna&yclid=123#contact")},
      "name=Anna&social=%40anna_dev&email=anna%40example.com&message=Hello+there&locale=ru"
      "&website=&consent=" +
          test_consent_version);
  EXPECT_EQ(reply.status, 303);
  ASSERT_TRUE(bot.wait_for(1, std::chrono::seconds(10)));
  EXPECT_EQ(bot.delivered_containing("Источник: yandex / cpc · партнёр anna"), 1U);
  // Without tags in the Referer the lead's source is unknown, not direct.
  http_call("POST", server->url("/api/contact"),
            {form_type, "Sec-Fetch-Site: same-origin", "Referer: " + server->url("/ru")},
            "name=Boris&social=%40boris&email=boris%40example.com&message=Hello+there&locale=ru"
            "&website=&consent=" +
                test_consent_version);
  ASSERT_TRUE(bot.wait_for(2, std::chrono::seconds(10)));
  // Nor does a Referer of another site's page, whatever tags it carries.
  for (const auto& foreign :
       std::vector<std::string>{"https://evil.test/ru?utm_source=evil&ref=evil",
                                "http://127.0.0.1.evil.test/ru?utm_source=evil",
                                "https://evil.test/?next=" + server->url("/ru?utm_source=evil")}) {
    http_call("POST", server->url("/api/contact"),
              {form_type, "Sec-Fetch-Site: same-origin", "Origin: " + server->url(""),
               "Referer: " + foreign},
              "name=Vera&social=%40vera&email=vera%40example.com&message=Hello+there&locale=ru"
              "&website=&consent=" +
                  test_consent_version);
  }
  ASSERT_TRUE(bot.wait_for(5, std::chrono::seconds(10)));
  EXPECT_EQ(bot.delivered_containing("evil"), 0U);
  const auto csv = cli({"leads", "export", "--csv"});
  EXPECT_NE(csv.find(R"("yandex","yandex","cpc","","","","anna","","",yclid)"), std::string::npos)
      << csv;
  const auto report = boost::json::parse(cli({"leads", "report", "--json"}));
  const auto& rows = report.at("sources").as_array();
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0].at("leads").to_number<int>() + rows[1].at("leads").to_number<int>(), 5);
  EXPECT_EQ(csv.find("evil"), std::string::npos) << csv;
}

TEST_P(sources, arrivals_and_leads_meet_in_the_report) {
  post_beacon(beacon("en", R"({"utm_source":"Telegram","referrer":"t.me"})"));
  post_beacon(beacon("ru", R"({"utm_source":"telegram"})"));
  post_beacon(beacon("en", R"({})"));
  post_beacon(beacon("en", R"({"referrer":"VC.RU"})"));  // fails the checks: other
  post_beacon(beacon("en", ""));                         // a later page view: no visit
  post_lead(lead_json("Anna", R"({"utm_source":"telegram","landing":"/en"})"));
  ASSERT_TRUE(bot.wait_for(1, std::chrono::seconds(10)));
  // The recorder writes its batch within a second.
  boost::json::value report;
  for (int i = 0; i < 50; ++i) {
    report = boost::json::parse(cli({"leads", "report", "--json"}));
    if (report.at("total").at("visits").to_number<int>() == 4) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  ASSERT_EQ(report.at("total").at("visits").to_number<int>(), 4) << report;
  const auto& top = report.at("sources").as_array()[0];
  EXPECT_EQ(top.at("source").as_string(), "telegram");
  EXPECT_EQ(top.at("visits").to_number<int>(), 2);
  EXPECT_EQ(top.at("leads").to_number<int>(), 1);
  EXPECT_DOUBLE_EQ(top.at("conversion_percent").to_number<double>(), 50.0);
  const auto en = boost::json::parse(cli({"leads", "report", "--json", "--locale", "en"}));
  EXPECT_EQ(en.at("total").at("visits").to_number<int>(), 3);
  const auto page = dir.path / "sources.html";
  EXPECT_NE(cli({"leads", "report", "--html", page.string()}).find("telegram"), std::string::npos);
  EXPECT_NE(read_all(page).find("<code>telegram</code>"), std::string::npos);
}

TEST_P(sources, a_flood_of_made_up_tags_cannot_grow_the_visits_past_the_cap) {
  for (int i = 0; i < 230; ++i) {
    post_beacon(beacon("en", R"({"utm_source":"made-up-)" + std::to_string(i) + R"("})"));
  }
  boost::json::value report;
  for (int i = 0; i < 50; ++i) {
    report = boost::json::parse(cli({"leads", "report", "--json"}));
    if (report.at("total").at("visits").to_number<int>() == 230) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  ASSERT_EQ(report.at("total").at("visits").to_number<int>(), 230) << report;
  const auto& rows = report.at("sources").as_array();
  EXPECT_EQ(rows.size(), 201U);  // 200 classes and `other`
  const auto other = std::find_if(rows.begin(), rows.end(),
                                  [](const auto& row) { return row.at("source") == "other"; });
  ASSERT_NE(other, rows.end());
  EXPECT_EQ(other->at("visits").template to_number<int>(), 30);
}

// One client, one made-up tag a beacon: past its hourly share (4) its arrivals are left out and
// counted, so a real visit after the flood keeps its class. An IPv6 host holds its whole /64: a
// fresh address per beacon is still the one client.
TEST_P(sources, one_client_cannot_fill_the_days_classes_from_one_address_or_one_64) {
  for (int i = 0; i < 205; ++i) {
    post_beacon(beacon("en", R"({"utm_source":"junk-)" + std::to_string(i) + R"("})"), "192.0.2.9");
  }
  for (int i = 0; i < 205; ++i) {
    std::ostringstream address;
    address << "2001:db8:5:5:" << std::hex << (i + 1) << "::" << (i * 7 + 3);
    post_beacon(beacon("en", R"({"utm_source":"v6-junk-)" + std::to_string(i) + R"("})"),
                address.str());
  }
  post_beacon(beacon("en", R"({"utm_source":"google"})"), "203.0.113.5");
  boost::json::value report;
  for (int i = 0; i < 50; ++i) {
    report = boost::json::parse(cli({"leads", "report", "--json"}));
    if (report.at("total").at("visits").to_number<int>() == 9) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  ASSERT_EQ(report.at("total").at("visits").to_number<int>(), 9) << report;
  int junk = 0;
  int v6_junk = 0;
  bool google = false;
  for (const auto& row : report.at("sources").as_array()) {
    const std::string source(row.at("source").as_string());
    junk += source.starts_with("junk-") ? 1 : 0;
    v6_junk += source.starts_with("v6-junk-") ? 1 : 0;
    google = google || (source == "google" && row.at("visits").to_number<int>() == 1);
  }
  EXPECT_EQ(junk, 4);
  EXPECT_EQ(v6_junk, 4);
  EXPECT_TRUE(google) << report;
  EXPECT_NE(metrics().find("landing_vitals_arrivals_capped_total 402\n"), std::string::npos);
}

TEST_P(sources, the_report_refuses_bad_arguments_with_exit_2) {
  EXPECT_NE(cli({"leads", "report", "--locale", "de"}, 2).find("unknown locale 'de'"),
            std::string::npos);
  cli({"leads", "report", "--days", "0"}, 2);
  EXPECT_NE(cli({"leads", "report", "--html", (dir.path / "missing" / "x.html").string()}, 2)
                .find("cannot write"),
            std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(engines, sources, ::testing::Values("sqlite", "postgres"));

}  // namespace
}  // namespace landing::testing
