// The behaviour every engine owes the rest of the server, run against each engine.
#include "storage/store.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <memory>

#include "storage/sqlite/store.hpp"
#include "storage/testing.hpp"
#include "storage/ulid.hpp"

namespace landing::storage {
namespace {

struct engine {
  std::string name;
  std::function<std::unique_ptr<lead_store>(const testing::temp_folder&)> open;
};

std::vector<engine> engines() {
  return {{"sqlite", [](const testing::temp_folder& dir) {
             return std::make_unique<sqlite::store>(dir.file("leads.db"));
           }}};
}

class store_suite : public ::testing::TestWithParam<engine> {
 protected:
  void SetUp() override { store = GetParam().open(dir); }
  std::string add(bool spam = false, bool held = false) {
    return store
        ->insert_batch({{{"Anna", "@anna", "a@b.co", "Hello"}, "en", "10.0.0.1", spam}}, held)
        .front();
  }
  testing::temp_folder dir;
  std::unique_ptr<lead_store> store;
};

TEST_P(store_suite, keeps_a_lead_and_its_outbox_row_together) {
  const auto id = add();
  const auto found = store->find(id);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->status, "pending");
  EXPECT_EQ(found->fields.message, "Hello");
  EXPECT_EQ(found->client, "10.0.0.1");
  const auto due = store->pending(10);
  ASSERT_EQ(due.size(), 1U);
  EXPECT_EQ(due.front().id, id);
  EXPECT_EQ(store->check().outbox.depth, 1);
}

TEST_P(store_suite, spam_is_stored_but_not_queued_and_held_waits) {
  add(true);
  add(false, true);
  EXPECT_EQ(store->list("spam").size(), 1U);
  EXPECT_EQ(store->list("held").size(), 1U);
  EXPECT_TRUE(store->pending(10).empty());
  EXPECT_EQ(store->release_held(), 1);
  EXPECT_EQ(store->pending(10).size(), 1U);
}

TEST_P(store_suite, outcomes_move_a_lead_out_of_the_outbox) {
  const auto delivered = add();
  const auto failed = add();
  const auto later = add();
  const auto now = static_cast<std::int64_t>(now_ms());
  store->mark_delivered(delivered, now);
  store->mark_failed(failed, "http 400: chat not found");
  store->reschedule(later, now + 60000, "http 502");
  EXPECT_EQ(store->find(delivered)->status, "delivered");
  EXPECT_EQ(store->find(delivered)->delivered_at, now);
  EXPECT_EQ(store->find(failed)->last_error, "http 400: chat not found");
  const auto due = store->pending(10);
  ASSERT_EQ(due.size(), 1U);
  EXPECT_EQ(due.front().id, later);
  EXPECT_EQ(due.front().next_attempt_at, now + 60000);
  EXPECT_EQ(due.front().attempts, 1);
  EXPECT_TRUE(store->retry(failed));
  EXPECT_FALSE(store->retry(delivered));
  EXPECT_FALSE(store->retry("no-such-lead"));
  const auto health = store->check();
  EXPECT_EQ(health.problem, fault::none);
  EXPECT_EQ(health.outbox.depth, 2);
  EXPECT_EQ(health.outbox.last_delivered_at, now);
}

TEST_P(store_suite, pending_leads_come_in_due_order) {
  const auto first = add();
  const auto second = add();
  const auto now = static_cast<std::int64_t>(now_ms());
  store->reschedule(first, now + 5000, "later");
  const auto due = store->pending(10);
  ASSERT_EQ(due.size(), 2U);
  EXPECT_EQ(due[0].id, second);
  EXPECT_EQ(due[1].id, first);
  EXPECT_EQ(store->pending(1).size(), 1U);
}

INSTANTIATE_TEST_SUITE_P(engines, store_suite, ::testing::ValuesIn(engines()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace landing::storage
