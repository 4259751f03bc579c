#include "app/health.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

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

}  // namespace
}  // namespace landing::app
