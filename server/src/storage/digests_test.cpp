// The digests' claims, against each engine: SQLite in a temporary file, PostgreSQL on the tests'
// own server.
#include "storage/digests.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "storage/engines_testing.hpp"

namespace landing::storage {
namespace {

using testing::engine;
using testing::engines;

class digests_suite : public ::testing::TestWithParam<engine> {
 protected:
  void SetUp() override { store = GetParam().open(dir); }
  void TearDown() override { store->stop(); }
  landing::testing::temp_folder dir;
  std::unique_ptr<lead_store> store;
};

const std::string week = "weekly 2026-11-23";

TEST_P(digests_suite, one_owner_holds_a_claim_until_it_lapses_and_a_sent_digest_is_never_claimed) {
  const auto first = store->claim_digest(week, "replica-a", 1000, 61000);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->owner, "replica-a");
  EXPECT_EQ(first->parts_sent, 0);
  EXPECT_EQ(first->attempts, 1);
  // Another replica meanwhile: refused; the holder renews.
  EXPECT_FALSE(store->claim_digest(week, "replica-b", 2000, 62000));
  const auto renewed = store->claim_digest(week, "replica-a", 3000, 63000);
  ASSERT_TRUE(renewed);
  EXPECT_EQ(renewed->claimed_until, 63000);
  EXPECT_EQ(renewed->attempts, 2);
  // The chart went; then the holder stopped answering and its claim lapsed: B takes over and
  // sees what went, so it sends only the rest.
  EXPECT_TRUE(store->record_digest(week, "replica-a", 1, 0));
  const auto taken = store->claim_digest(week, "replica-b", 63000, 123000);
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->owner, "replica-b");
  EXPECT_EQ(taken->parts_sent, 1);
  // A's late word changes nothing now.
  EXPECT_FALSE(store->record_digest(week, "replica-a", 3, 64000));
  EXPECT_TRUE(store->record_digest(week, "replica-b", 3, 64000));
  EXPECT_FALSE(store->claim_digest(week, "replica-b", 65000, 125000));
  EXPECT_FALSE(store->claim_digest(week, "replica-a", 999999, 1999999));
  const auto found = store->find_digest(week);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->sent_at, 64000);
  EXPECT_EQ(found->parts_sent, 3);
  EXPECT_FALSE(store->find_digest("weekly 2026-11-30"));
  // Each period is a row of its own.
  EXPECT_TRUE(store->claim_digest("weekly 2026-11-30", "replica-a", 1000, 61000));
}

TEST_P(digests_suite, of_replicas_claiming_at_once_exactly_one_holds_it) {
  std::atomic<int> holders = 0;
  std::vector<std::thread> replicas;
  for (int i = 0; i < 6; ++i) {
    replicas.emplace_back([&, i] {
      if (store->claim_digest(week, "replica-" + std::to_string(i), 1000, 61000)) ++holders;
    });
  }
  for (auto& each : replicas) each.join();
  EXPECT_EQ(holders.load(), 1);
}

INSTANTIATE_TEST_SUITE_P(engines, digests_suite, ::testing::ValuesIn(engines()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace landing::storage
