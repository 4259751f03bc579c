// Real visitors' Web Vitals end to end: beacons over HTTP into the running server, out through
// `landing-server vitals report`, on SQLite and on replicas sharing PostgreSQL; bad beacons get
// their answers and the server goes on serving.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json/parse.hpp>
#include <cmath>

#include "postgres.hpp"
#include "support.hpp"
#include "vitals/testing.hpp"

namespace landing::testing {
namespace {

constexpr const char* beacon_type = "Content-Type: text/plain;charset=UTF-8";

class vitals_api : public ::testing::Test {
 protected:
  void SetUp() override { make_site(dir.path / "site"); }

  std::unique_ptr<server_process> start(const std::string& db, const std::string& name,
                                        std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"--site", (dir.path / "site").string(), "--db", db};
    if (std::find(extra.begin(), extra.end(), "--vitals-rate-limit-burst") == extra.end()) {
      extra.insert(extra.end(), {"--vitals-rate-limit-burst", "100000"});
    }
    args.insert(args.end(), extra.begin(), extra.end());
    return std::make_unique<server_process>(args, std::map<std::string, std::string>{},
                                            dir.path / (name + ".log"));
  }
  static http_reply send(server_process& server, const std::string& body,
                         std::vector<std::string> headers = {beacon_type}) {
    headers.push_back("Origin: " + server.url(""));
    return http_call("POST", server.url("/api/vitals"), headers, body);
  }
  static boost::json::value report(const std::string& db, std::vector<std::string> filters = {}) {
    std::vector<std::string> args{"--db", db, "vitals", "report", "--json"};
    args.insert(args.end(), filters.begin(), filters.end());
    const auto result = run_binary(args);
    EXPECT_EQ(result.exit_code, 0) << result.output;
    boost::system::error_code ec;
    auto value = boost::json::parse(result.output, ec);
    EXPECT_FALSE(ec) << result.output;
    return value;
  }
  static std::int64_t count_of(const boost::json::value& report, const char* metric) {
    return report.at("metrics").at(metric).at("count").as_int64();
  }

  temp_dir dir;
};

// The exact nearest-rank quantile of values as beacons carry them (one decimal).
double exact_quantile(std::vector<double> values, double q) {
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size())));
  return values[std::max<std::size_t>(rank, 1) - 1];
}

TEST_F(vitals_api, beacons_sent_over_http_come_out_in_the_report_with_accurate_percentiles) {
  const auto db = (dir.path / "leads.db").string();
  auto server = start(db, "server");
  std::vector<double> all_lcp;
  std::vector<double> en_lcp;
  for (int i = 0; i < 240; ++i) {
    // A long-tailed spread, as real LCPs are.
    const double lcp = std::round((900 + 40 * std::pow(1.021, i)) * 10) / 10;
    const bool en = i % 4 != 0;
    const auto reply = send(*server, landing::vitals::testing::beacon_body(
                                         en ? "en" : "ru", en ? "mobile" : "desktop", lcp));
    ASSERT_EQ(reply.status, 204) << reply.body;
    all_lcp.push_back(lcp);
    if (en) en_lcp.push_back(lcp);
  }
  // Stopping writes what is queued.
  EXPECT_EQ(server->terminate(), 0);
  const auto everything = report(db);
  EXPECT_EQ(count_of(everything, "LCP"), 240);
  EXPECT_EQ(count_of(everything, "TTFB"), 240);
  EXPECT_EQ(count_of(everything, "FCP"), 0);
  for (const auto& [key, q] : {std::pair{"p75", 0.75}, {"p90", 0.9}, {"p99", 0.99}}) {
    const double exact = exact_quantile(all_lcp, q);
    const double got = everything.at("metrics").at("LCP").at(key).to_number<double>();
    EXPECT_NEAR(got, exact, exact * 0.05) << key;
  }
  const auto& lcp = everything.at("metrics").at("LCP");
  EXPECT_NEAR(lcp.at("good").to_number<double>() + lcp.at("needs_improvement").to_number<double>() +
                  lcp.at("poor").to_number<double>(),
              1.0, 1e-9);
  EXPECT_TRUE(everything.at("score").is_int64());
  const auto& elements = everything.at("top_lcp_elements").as_array();
  ASSERT_FALSE(elements.empty());
  EXPECT_EQ(elements[0].at("selector").as_string(), "main>h1");
  EXPECT_EQ(elements[0].at("count").as_int64(), 240);
  EXPECT_EQ(everything.at("top_inp_targets").as_array()[0].at("interaction_type").as_string(),
            "pointer");

  const auto english = report(db, {"--locale", "en"});
  EXPECT_EQ(count_of(english, "LCP"), static_cast<std::int64_t>(en_lcp.size()));
  const double exact = exact_quantile(en_lcp, 0.75);
  EXPECT_NEAR(english.at("metrics").at("LCP").at("p75").to_number<double>(), exact, exact * 0.05);
  EXPECT_EQ(count_of(report(db, {"--device", "desktop"}), "LCP"), 60);
  EXPECT_EQ(count_of(report(db, {"--route", "/:locale", "--days", "1"}), "LCP"), 240);

  const auto page = dir.path / "vitals.html";
  const auto text = run_binary({"--db", db, "vitals", "report", "--html", page.string()});
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_NE(text.output.find("Real Experience Score"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("main>h1"), std::string::npos);
  const auto html = read_all(page);
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
}

TEST_F(vitals_api, bad_beacons_get_their_answers_and_the_server_keeps_serving) {
  auto server =
      start((dir.path / "leads.db").string(), "server", {"--vitals-rate-limit-burst", "5"});
  const auto valid = landing::vitals::testing::beacon_body();
  EXPECT_EQ(http_call("POST", server->url("/api/vitals"),
                      {beacon_type, "Origin: https://evil.example"}, valid)
                .status,
            403);
  EXPECT_EQ(send(*server, valid, {"Content-Type: application/x-www-form-urlencoded"}).status, 415);
  EXPECT_EQ(send(*server, std::string(9000, '{')).status, 413);
  const auto bad = send(*server, R"({"v":1,"route":"/","locale":"en"})");
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.body.find(R"("error":"route")"), std::string::npos) << bad.body;
  EXPECT_EQ(send(*server, "{").status, 400);
  EXPECT_EQ(http_call("GET", server->url("/api/vitals")).status, 405);
  // Five tokens: two went to the bad bodies that passed the origin, media and size checks.
  EXPECT_EQ(send(*server, valid).status, 204);
  EXPECT_EQ(send(*server, valid).status, 204);
  EXPECT_EQ(send(*server, valid).status, 204);
  const auto limited = send(*server, valid);
  EXPECT_EQ(limited.status, 429);
  EXPECT_FALSE(limited.header("retry-after").empty());
  EXPECT_EQ(http_call("GET", server->url("/en")).status, 200);
  const auto metrics = http_call("GET", server->url("/metrics")).body;
  for (const auto* line :
       {R"(landing_vitals_beacons_rejected_total{reason="cross_site"} 1)",
        R"(landing_vitals_beacons_rejected_total{reason="unsupported_media_type"} 1)",
        R"(landing_vitals_beacons_rejected_total{reason="too_large"} 1)",
        R"(landing_vitals_beacons_rejected_total{reason="route"} 1)",
        R"(landing_vitals_beacons_rejected_total{reason="malformed"} 1)",
        R"(landing_vitals_beacons_rejected_total{reason="rate_limited"} 1)",
        R"(landing_vitals_beacons_total{outcome="accepted"} 3)",
        R"(landing_http_requests_total{route="vitals",status="204"} 3)"}) {
    EXPECT_NE(metrics.find(line), std::string::npos) << line;
  }
  EXPECT_EQ(server->terminate(), 0);
}

TEST_F(vitals_api, replicas_on_one_postgresql_add_up_in_one_report) {
  const auto db = postgres_server::shared().new_database();
  auto first = start(db, "first");
  auto second = start(db, "second");
  for (int i = 0; i < 50; ++i) {
    ASSERT_EQ(send(i % 2 ? *first : *second,
                   landing::vitals::testing::beacon_body("ru", "mobile", 1000 + i))
                  .status,
              204);
  }
  EXPECT_EQ(first->terminate(), 0);
  EXPECT_EQ(second->terminate(), 0);
  const auto both = report(db);
  EXPECT_EQ(count_of(both, "LCP"), 50);
  EXPECT_EQ(count_of(both, "INP"), 50);
  EXPECT_EQ(both.at("top_lcp_elements").as_array()[0].at("count").as_int64(), 50);
}

TEST_F(vitals_api, a_report_names_what_is_wrong_with_its_arguments) {
  const auto db = (dir.path / "leads.db").string();
  auto missing = run_binary({"--db", db, "vitals", "report"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.output.find("no database at"), std::string::npos) << missing.output;
  EXPECT_FALSE(std::filesystem::exists(db));
  start(db, "server")->terminate();
  for (const auto& [args, says] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--locale", "de"}, "unknown locale 'de'"},
           {{"--device", "tablet"}, "unknown device 'tablet'"},
           {{"--route", "/"}, "unknown route '/'"},
           {{"--days", "0"}, "--days"},
           {{"--html", (dir.path / "no-folder" / "x.html").string()}, "cannot write"}}) {
    std::vector<std::string> argv{"--db", db, "vitals", "report"};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto result = run_binary(argv);
    EXPECT_EQ(result.exit_code, 2) << says;
    EXPECT_NE(result.output.find(says), std::string::npos) << result.output;
  }
}

}  // namespace
}  // namespace landing::testing
