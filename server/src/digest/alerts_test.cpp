#include "digest/alerts.hpp"

#include <gtest/gtest.h>

namespace landing::digest {
namespace {

constexpr std::int64_t now = 1'800'000'000'000;
constexpr std::uint64_t mb = 1024 * 1024;

TEST(digest_alerts, all_well_says_nothing) {
  storage::health fine;
  fine.channels = {{"telegram", 0, 12, 0, 0, 0, now - 1000}};
  EXPECT_TRUE(alerts_of(fine, disk_space{1000 * mb, 8 * mb}, now).empty());
  EXPECT_TRUE(alerts_of(fine, std::nullopt, now).empty());
}

TEST(digest_alerts, names_each_thing_an_operator_should_look_at) {
  storage::health found;
  found.problem = storage::fault::read_only;
  found.reason = "the file system is read-only";
  found.channels = {{"telegram", 0, 5, 0, 0, 0, 0},
                    {"webhook", 0, 1, 0, 3, 0, 0},
                    {"email", 2, 0, 4, 0, now - 2 * stuck_after_ms, 0}};
  const auto alerts = alerts_of(found, disk_space{20 * mb, 8 * mb}, now);
  ASSERT_EQ(alerts.size(), 5U);
  EXPECT_NE(alerts[0].find("read_only"), std::string::npos) << alerts[0];
  EXPECT_NE(alerts[1].find("Канал webhook выключен получателем, ждут 3"), std::string::npos);
  EXPECT_NE(alerts[1].find("leads retry --channel webhook"), std::string::npos);
  EXPECT_NE(alerts[2].find("Канал email: не доставлено 4"), std::string::npos) << alerts[2];
  EXPECT_NE(alerts[3].find("Канал email: 2 ждут доставки дольше часа"), std::string::npos);
  EXPECT_NE(alerts[4].find("Мало места на диске: свободно 20 МБ"), std::string::npos);
}

TEST(digest_alerts, disk_space_is_low_below_four_reserves_and_a_fresh_wait_is_no_alert) {
  storage::health found;
  found.channels = {{"telegram", 1, 0, 0, 0, now - stuck_after_ms + 1000, 0}};
  EXPECT_TRUE(alerts_of(found, disk_space{32 * mb, 8 * mb}, now).empty());
  EXPECT_EQ(alerts_of(found, disk_space{32 * mb - 1, 8 * mb}, now).size(), 1U);
  EXPECT_TRUE(free_bytes_beside("/tmp/leads.db").value_or(0) > 0);
}

}  // namespace
}  // namespace landing::digest
