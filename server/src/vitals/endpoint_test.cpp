#include "vitals/endpoint.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <deque>
#include <future>
#include <map>

#include "storage/sqlite/store.hpp"
#include "temp_folder.hpp"
#include "vitals/testing.hpp"

namespace landing::vitals {
namespace {

// A real store and recorder behind the endpoint; `wait` is what the rate limit answers.
struct fixture {
  landing::testing::temp_folder dir;
  storage::sqlite::store store{dir.file("leads.db")};
  storage::turns turns;
  counters stats;
  recorder sink{store, turns, stats, recorder_options{}};
  intake checks{sink, stats};
  std::int64_t wait = 0;
  std::vector<std::string> clients;
  endpoint beacons{checks,
                   stats,
                   [this](const std::string& client) {
                     clients.push_back(client);
                     return wait;
                   },
                   {}};

  // The answer, whichever thread gives it.
  http::response answer(const http::request& req) {
    std::promise<http::response> given;
    auto future = given.get_future();
    beacons.handle(req, [&given](http::response res) { given.set_value(std::move(res)); });
    return future.get();
  }

  std::deque<std::string> bodies;  // requests only view their bytes, as on a connection

  http::request post(std::string body, std::string_view type = "text/plain;charset=UTF-8") {
    const auto& kept = bodies.emplace_back(std::move(body));
    http::request req;
    req.method = "POST";
    req.target = "/api/vitals";
    req.headers = {{"Host", "example.com"},
                   {"Origin", "https://example.com"},
                   {"Sec-Fetch-Site", "same-origin"},
                   {"Content-Type", type}};
    req.body = kept;
    return req;
  }
};

TEST(vitals_endpoint, takes_a_beacon_sent_as_text_or_json_with_204) {
  fixture f;
  for (const auto* type : {"text/plain;charset=UTF-8", "application/json", "TEXT/PLAIN"}) {
    const auto res = f.answer(f.post(testing::beacon_body(), type));
    EXPECT_EQ(res.status, 204U) << type;
    EXPECT_TRUE(res.body().empty());
  }
  f.checks.stop();
  f.sink.stop();
  EXPECT_EQ(f.stats.accepted_total(), 3U);
  EXPECT_EQ(f.store.read_vitals({}).size(), 4U);  // one beacon's four metrics, three times
}

TEST(vitals_endpoint, refuses_each_kind_of_bad_request_with_its_status_and_code) {
  fixture f;
  auto cross = f.post(testing::beacon_body());
  cross.headers[1].second = "https://evil.example";
  EXPECT_EQ(f.answer(cross).status, 403U);
  auto other_site = f.post(testing::beacon_body());
  other_site.headers[2].second = "cross-site";
  EXPECT_EQ(f.answer(other_site).status, 403U);
  for (const auto* type :
       {"text/html", "application/x-www-form-urlencoded", "", "multipart/form-data"}) {
    EXPECT_EQ(f.answer(f.post(testing::beacon_body(), type)).status, 415U) << type;
  }
  const auto large = f.answer(f.post(std::string(max_body_bytes + 1, ' ')));
  EXPECT_EQ(large.status, 413U);
  EXPECT_EQ(large.body(), R"({"error":"too_large"})");
  const auto bad = f.answer(f.post(R"({"v":1})"));
  EXPECT_EQ(bad.status, 400U);
  EXPECT_NE(bad.body().find(R"("error":)"), std::string_view::npos);
  const auto locale = f.answer(f.post(testing::beacon_body("de")));
  EXPECT_EQ(locale.status, 400U);
  EXPECT_EQ(locale.body(), R"({"error":"locale","at":"locale"})");
  EXPECT_EQ(f.stats.rejected_total("cross_site"), 2U);
  EXPECT_EQ(f.stats.rejected_total("unsupported_media_type"), 4U);
  EXPECT_EQ(f.stats.rejected_total("too_large"), 1U);
  EXPECT_EQ(f.stats.rejected_total("locale"), 1U);
  f.checks.stop();
  f.sink.stop();
  EXPECT_TRUE(f.store.read_vitals({}).empty());
}

TEST(vitals_endpoint, a_client_over_its_limit_gets_429_with_retry_after_before_any_parsing) {
  fixture f;
  f.wait = 7;
  const auto res = f.answer(f.post("not even json"));
  EXPECT_EQ(res.status, 429U);
  EXPECT_EQ(res.header("Retry-After"), "7");
  EXPECT_EQ(f.stats.rejected_total("rate_limited"), 1U);
  EXPECT_EQ(f.stats.rejected_total("malformed"), 0U);
  ASSERT_EQ(f.clients.size(), 1U);
}

TEST(vitals_endpoint, a_stopped_recorder_or_intake_answers_503_and_counts_the_drop) {
  fixture f;
  f.sink.stop();  // a stopped recorder takes nothing
  const auto res = f.answer(f.post(testing::beacon_body()));
  EXPECT_EQ(res.status, 503U);
  EXPECT_EQ(f.stats.dropped_total(), 1U);
  f.checks.stop();  // and a stopped intake answers at once
  EXPECT_EQ(f.answer(f.post(testing::beacon_body())).status, 503U);
  EXPECT_EQ(f.stats.dropped_total(), 2U);
}

TEST(vitals_endpoint, a_full_intake_answers_503_at_once_and_counts_the_drop) {
  const landing::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  storage::turns turns;
  counters stats;
  recorder sink(store, turns, stats, recorder_options{});
  intake checks(sink, stats, 2);
  std::promise<void> release;
  std::promise<void> busy;
  // The first answer holds the intake's thread; two more fill its queue.
  checks.submit(testing::beacon_body(), "192.0.2.1", [&](http::response) {
    busy.set_value();
    release.get_future().wait();
  });
  busy.get_future().wait();
  std::vector<unsigned> answers;
  std::mutex answers_mutex;
  for (int i = 0; i < 3; ++i) {
    checks.submit(testing::beacon_body(), "192.0.2.1", [&](http::response res) {
      const std::lock_guard lock(answers_mutex);
      answers.push_back(res.status);
    });
  }
  {
    const std::lock_guard lock(answers_mutex);
    EXPECT_EQ(answers, std::vector<unsigned>{503});
  }
  EXPECT_EQ(stats.dropped_total(), 1U);
  release.set_value();
  checks.stop();
  EXPECT_EQ(answers, (std::vector<unsigned>{503, 204, 204}));
}

// The gate is asked only for beacons that carry an arrival, with their client; one past its share
// keeps its measurements and loses only the visit.
TEST(vitals_endpoint, an_arrival_past_the_clients_share_is_left_out_and_counted) {
  const landing::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  storage::turns turns;
  counters stats;
  recorder sink(store, turns, stats, recorder_options{});
  std::map<std::string, int> asked;
  intake checks(sink, stats, 16,
                [&asked](const std::string& client) { return ++asked[client] <= 2; });
  auto arrival = testing::beacon_body();
  arrival.insert(arrival.size() - 1, R"(,"source":{"utm_source":"made-up"})");
  for (int i = 0; i < 5; ++i) EXPECT_EQ(checks.check(arrival, "192.0.2.1").status, 204U);
  EXPECT_EQ(checks.check(testing::beacon_body(), "192.0.2.1").status, 204U);
  EXPECT_EQ(checks.check(arrival, "192.0.2.2").status, 204U);
  EXPECT_EQ(asked, (std::map<std::string, int>{{"192.0.2.1", 5}, {"192.0.2.2", 1}}));
  EXPECT_EQ(stats.arrivals_capped_total(), 3U);
  EXPECT_EQ(stats.accepted_total(), 7U);
  EXPECT_NE(stats.render().find("landing_vitals_arrivals_capped_total 3\n"), std::string::npos);
  checks.stop();
  sink.stop();
  const auto visits = store.read_visits(0, "");
  int made_up = 0;
  for (const auto& v : visits) made_up += v.source == "made-up" ? static_cast<int>(v.count) : 0;
  EXPECT_EQ(made_up, 3);
}

TEST(vitals_endpoint, beacons_are_checked_on_a_thread_at_the_lowest_priority) {
  fixture f;
  std::promise<int> nice_of_checker;
  f.checks.submit("{", "192.0.2.1", [&](http::response) {
    errno = 0;
    nice_of_checker.set_value(::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid())));
  });
  EXPECT_EQ(nice_of_checker.get_future().get(), 19);
  EXPECT_EQ(::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid())), 0);
}

}  // namespace
}  // namespace landing::vitals
