#pragma once

#include <gtest/gtest.h>

#include <functional>

#include "storage/store.hpp"

// What both engines' tests check of the lead's sum (its status and first delivery, kept on the
// lead's row from its channels' rows): a settle that leaves the sum as it was does not write the
// lead's row. `writes` counts the writes of the leads table so far (each engine's own trigger).
namespace landing::storage {

inline void expect_unchanged_sums_left_unwritten(lead_store& store,
                                                 const std::function<std::int64_t()>& writes) {
  const std::int64_t at = 1700000000000;
  const auto tried = [](std::int64_t when, const char* result) {
    return attempt_record{when, result, 12};
  };
  const auto id =
      store
          .insert_batch({{{"Anna", "@anna", "a@b.co", "Hello"}, "en", "10.0.0.1", false}},
                        {"email", "telegram", "webhook"})
          .front();
  const auto before = writes();
  store.settle("telegram", {{settlement::delivered, id, tried(at, "200"), 0, {}, {}}});
  EXPECT_EQ(writes(), before + 1);  // pending -> delivered
  // The other channels: delivered later, retried, given up. The lead stays delivered, at its
  // first delivery, and its row is not written again.
  store.settle("webhook", {{settlement::delivered, id, tried(at + 1000, "204"), 0, {}, {}}});
  store.settle("email",
               {{settlement::rescheduled, id, tried(at + 2000, "451"), at + 9000, "451", {}}});
  store.settle("email", {{settlement::failed, id, tried(at + 9000, "550"), 0, "550", {}}});
  EXPECT_EQ(writes(), before + 1);
  const auto found = store.find(id);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->status, "delivered");
  EXPECT_EQ(found->delivered_at, at + 12);

  // A sum that does change is still written: pending while one channel tries, failed once both
  // gave up.
  const auto other = store
                         .insert_batch({{{"Boris", "@b", "b@b.co", "Hi"}, "ru", "10.0.0.2", false}},
                                       {"telegram", "webhook"})
                         .front();
  const auto next = writes();
  store.settle("telegram", {{settlement::failed, other, tried(at, "400"), 0, "400", {}}});
  EXPECT_EQ(writes(), next);  // still pending: the webhook tries
  EXPECT_EQ(store.find(other)->status, "pending");
  store.settle("webhook", {{settlement::failed, other, tried(at, "400"), 0, "400", {}}});
  EXPECT_EQ(writes(), next + 1);
  EXPECT_EQ(store.find(other)->status, "failed");
  // And back: a retry makes it pending again.
  EXPECT_TRUE(store.retry(other, "webhook"));
  EXPECT_EQ(writes(), next + 2);
  EXPECT_EQ(store.find(other)->status, "pending");
}

}  // namespace landing::storage
