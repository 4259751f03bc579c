#include "app/health.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <functional>
#include <thread>

#include "common/clock.hpp"
#include "storage/sqlite/store.hpp"
#include "temp_folder.hpp"

namespace landing::app {
namespace {

using namespace std::chrono_literals;

boost::json::object body_of(const http::response& res) {
  return boost::json::parse(res.body()).as_object();
}

TEST(health, a_finding_older_than_stale_after_is_a_fault) {
  const landing::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  const clock::fake at(1700000000000);
  // No check after the first one in this test: only the clock moves.
  health_monitor monitor(store, {}, false, {}, {.interval = 1h, .stale_after = 10s});
  auto res = monitor.healthz();
  EXPECT_EQ(res.status, 200U);
  EXPECT_EQ(body_of(res).at("database"), "writable");
  clock::advance(10s);
  res = monitor.healthz();
  EXPECT_EQ(res.status, 200U);  // stale only past stale_after
  EXPECT_EQ(body_of(res).at("checked_age_ms"), 10000);
  clock::advance(1ms);
  res = monitor.healthz();
  EXPECT_EQ(res.status, 503U);
  const auto body = body_of(res);
  EXPECT_EQ(body.at("status"), "degraded");
  EXPECT_EQ(body.at("database"), "unchecked");
  EXPECT_EQ(body.at("reason"), "the last check of the database is 10001 ms old");
}

// Polls /healthz until `done` holds for its body, for at most 5 s of real time.
boost::json::object healthz_until(const health_monitor& monitor,
                                  const std::function<bool(const boost::json::object&)>& done) {
  const auto until = std::chrono::steady_clock::now() + 5s;
  auto body = body_of(monitor.healthz());
  while (!done(body) && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(5ms);
    body = body_of(monitor.healthz());
  }
  return body;
}

// Each read of the figures costs exactly 1 ms, whatever the machine (an ASan build on a busy one
// took long enough for 2 % to pace the figures out of this test): at `figures_share` the next
// read is due 1 ms / share later.
std::int64_t depth_after_a_new_lead(double figures_share) {
  const landing::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  health_monitor monitor(
      store, {"telegram"}, false, {},
      {.interval = 10ms,
       .stale_after = 10s,
       .figures_share = figures_share,
       .read_cost = [](auto) -> std::chrono::steady_clock::duration { return 1ms; }});
  EXPECT_EQ(body_of(monitor.healthz()).at("outbox_depth"), 0);
  (void)store.insert_batch({{{"Anna", "@anna", "a@b.co", "Hello"}, "en", "10.0.0.1", false}},
                           {"telegram"});
  // Twenty checks later: each one the store itself, whatever the figures do.
  const auto first = body_of(monitor.healthz()).at("figures_age_ms").as_int64();
  auto body = healthz_until(monitor, [&](const boost::json::object& now) {
    return now.at("outbox_depth") == 1 ||
           now.at("figures_age_ms").as_int64() >= first + 200;  // real ms; no fake clock here
  });
  EXPECT_LE(body.at("checked_age_ms").as_int64(), 1000);
  return body.at("outbox_depth").as_int64();
}

TEST(health, the_outbox_figures_follow_the_store_while_they_are_cheap) {
  // 1 ms at 2 %: read again 50 ms later, well inside the 200 ms the test waits.
  EXPECT_EQ(depth_after_a_new_lead(0.02), 1);
}

TEST(health, the_outbox_figures_wait_while_their_last_read_is_above_its_share) {
  // A share so small that any read's cost puts the next one hours away: the checks go on (the
  // database stays checked) while the figures keep their first reading, and say how old it is.
  EXPECT_EQ(depth_after_a_new_lead(1e-9), 0);
}

TEST(health, anyone_but_the_operator_learns_only_the_status_with_the_same_code) {
  const landing::testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  const clock::fake at(1700000000000);
  health_monitor monitor(store, {"telegram"}, false, {}, {.interval = 1h, .stale_after = 10s});
  const auto expect_same = [&](const char* status, unsigned code) {
    EXPECT_EQ(monitor.healthz().status, code);
    EXPECT_EQ(body_of(monitor.healthz()).at("status"), status);
    const auto short_one = monitor.readiness();
    EXPECT_EQ(short_one.status, code);
    EXPECT_EQ(short_one.body(), std::string(R"({"status":")") + status + "\"}");
  };
  expect_same("ok", 200);
  clock::advance(11s);
  expect_same("degraded", 503);
  monitor.set_draining();
  expect_same("draining", 503);
}

}  // namespace
}  // namespace landing::app
