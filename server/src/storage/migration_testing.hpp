#pragma once

#include <gtest/gtest.h>

#include "storage/store.hpp"

// What both engines' upgrade tests check of a database the first schema made (their
// first_schema): each lead the old outbox knew keeps its state as its Telegram row, so no lead
// is lost or sent twice, and a held lead waits for a channel as before.
namespace landing::storage {

inline void expect_outbox_migrated(lead_store& upgraded) {
  const auto pending = upgraded.find("01JD3Z6W8Q5N2R4T6V8X0Y2A4C");
  ASSERT_TRUE(pending.has_value());
  EXPECT_EQ(pending->fields.message, "Old lead");
  EXPECT_EQ(pending->source, "");  // arrived before sources were kept: unknown
  ASSERT_EQ(pending->deliveries.size(), 1U);
  EXPECT_EQ(pending->deliveries[0].channel, "telegram");
  EXPECT_EQ(pending->deliveries[0].status, "pending");

  const auto failed = upgraded.find("01JD3Z6W8Q5N2R4T6V8X0Y2A4D");
  ASSERT_TRUE(failed.has_value());
  EXPECT_EQ(failed->status, "failed");
  ASSERT_EQ(failed->deliveries.size(), 1U);
  EXPECT_EQ(failed->deliveries[0].status, "failed");
  EXPECT_EQ(failed->deliveries[0].attempts, 3);
  EXPECT_EQ(failed->deliveries[0].last_error, "http 400: chat not found");

  const auto delivered = upgraded.find("01JD3Z6W8Q5N2R4T6V8X0Y2A4E");
  ASSERT_TRUE(delivered.has_value());
  ASSERT_EQ(delivered->deliveries.size(), 1U);
  EXPECT_EQ(delivered->deliveries[0].status, "delivered");
  EXPECT_EQ(delivered->deliveries[0].delivered_at, 1700000000500);

  const auto held = upgraded.find("01JD3Z6W8Q5N2R4T6V8X0Y2A4F");
  ASSERT_TRUE(held.has_value());
  EXPECT_EQ(held->status, "held");
  EXPECT_TRUE(held->deliveries.empty());

  // Only the pending lead is sent; the failed one waits for `leads retry`, the held one for a
  // channel, and then goes to each configured one.
  const auto claimed = upgraded.claim_next("telegram", "a", 1, 30000, {});
  ASSERT_TRUE(claimed.has_value());
  EXPECT_EQ(claimed->item.id, "01JD3Z6W8Q5N2R4T6V8X0Y2A4C");
  EXPECT_FALSE(upgraded.claim_next("telegram", "a", 1, 30000, {"01JD3Z6W8Q5N2R4T6V8X0Y2A4C"}));
  EXPECT_EQ(upgraded.release_held({"telegram", "webhook"}), 1);
  EXPECT_EQ(upgraded.find("01JD3Z6W8Q5N2R4T6V8X0Y2A4F")->deliveries.size(), 2U);
}

}  // namespace landing::storage
