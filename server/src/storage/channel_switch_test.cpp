// A channel its receiver turned off (a webhook's 410), and an operator's enable, in both engines.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "common/clock.hpp"
#include "storage/engines_testing.hpp"
#include "storage/store.hpp"

namespace landing::storage {
namespace {

using testing::engine;
using testing::engines;

constexpr const char* gone = "HTTP 410: the receiver asked to stop";

class channel_switch : public ::testing::TestWithParam<engine> {
 protected:
  void SetUp() override { store = GetParam().open(dir); }
  void TearDown() override { store->stop(); }
  std::string add() {
    return store
        ->insert_batch({{{"Anna", "@anna", "a@b.co", "Hello"}, "en", "10.0.0.1", false}},
                       {"telegram", "webhook"})
        .front();
  }
  std::string webhook_row(const std::string& id) {
    return store->find(id)->deliveries.at(1).status;
  }

  landing::testing::temp_folder dir;
  std::unique_ptr<lead_store> store;
};

TEST_P(channel_switch, a_disabled_channel_holds_its_rows_until_it_is_enabled) {
  const auto first = add();
  store->disable_channel("webhook", gone);
  EXPECT_EQ(store->channel_disabled("webhook"), gone);
  EXPECT_FALSE(store->channel_disabled("telegram"));
  EXPECT_FALSE(store->claim_next("webhook", "a", clock::now_ms(), 30000, {}));
  EXPECT_EQ(webhook_row(first), "disabled");
  // A lead that arrives meanwhile is pending until the worker holds it (delivery/outbox.cpp).
  const auto second = add();
  EXPECT_EQ(webhook_row(second), "pending");
  EXPECT_TRUE(store->hold_while_disabled("webhook"));
  EXPECT_EQ(webhook_row(second), "disabled");
  EXPECT_EQ(store->find(second)->deliveries.at(1).last_error, gone);
  EXPECT_TRUE(store->claim_next("telegram", "a", clock::now_ms(), 30000, {}));
  EXPECT_EQ(store->enable_channel("webhook"), 2);
  EXPECT_FALSE(store->channel_disabled("webhook"));
  EXPECT_TRUE(store->claim_next("webhook", "a", clock::now_ms(), 30000, {}));
}

// The worker's steps, with the operator's enable between its look and its hold: the enable
// stands. Holding with disable_channel, as the worker once did, turned the channel off again and
// kept both leads from the receiver (a gate's outbox test saw it under ASan).
TEST_P(channel_switch, an_enable_between_the_workers_look_and_its_hold_stands) {
  const auto first = add();
  store->disable_channel("webhook", gone);
  const auto second = add();
  ASSERT_TRUE(store->channel_disabled("webhook"));
  ASSERT_TRUE(store->next_due_at("webhook", "a", std::numeric_limits<std::int64_t>::max()));
  EXPECT_EQ(store->enable_channel("webhook"), 1);
  EXPECT_FALSE(store->hold_while_disabled("webhook"));
  EXPECT_FALSE(store->channel_disabled("webhook"));
  EXPECT_EQ(webhook_row(first), "pending");
  EXPECT_EQ(webhook_row(second), "pending");
}

// The same race run for real, the hold and the enable on two threads: whichever goes first, the
// channel ends on with no row of it held.
TEST_P(channel_switch, a_hold_and_an_enable_at_once_leave_the_channel_on_and_nothing_held) {
  for (int round = 0; round < 25; ++round) {
    store->disable_channel("webhook", gone);
    const auto id = add();
    std::thread hold([&] { store->hold_while_disabled("webhook"); });
    std::thread enable([&] { store->enable_channel("webhook"); });
    hold.join();
    enable.join();
    ASSERT_FALSE(store->channel_disabled("webhook")) << "round " << round;
    ASSERT_EQ(webhook_row(id), "pending") << "round " << round;
  }
}

INSTANTIATE_TEST_SUITE_P(engines, channel_switch, ::testing::ValuesIn(engines()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace landing::storage
