// Where a lead stands in the studio's chat (the CRMs' link back to its message), against each
// engine: SQLite in a temporary file, PostgreSQL on the tests' own server.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "storage/engines_testing.hpp"

namespace landing::storage {
namespace {

using testing::engine;
using testing::engines;

class chat_place_suite : public ::testing::TestWithParam<engine> {
 protected:
  void SetUp() override { store = GetParam().open(dir); }
  void TearDown() override { store->stop(); }
  std::string add(const std::vector<std::string>& channels) {
    return store
        ->insert_batch({{{"Anna", "@anna", "a@b.co", "Hello"}, "ru", "10.0.0.1", false}}, channels)
        .front();
  }
  landing::testing::temp_folder dir;
  std::unique_ptr<lead_store> store;
};

TEST_P(chat_place_suite, follows_the_chat_row_and_its_message) {
  const auto sent = add({"telegram", "bitrix24"});
  const auto refused = add({"telegram", "bitrix24"});
  const auto crm_only = add({"bitrix24"});
  // Before the chat's attempt: pending, no message.
  auto place = store->chat_place_of(sent);
  EXPECT_EQ(place.status, "pending");
  EXPECT_EQ(place.where.message_id, 0);
  store->mark_delivered("telegram", sent, {1000, "ok", 5}, {-1001234567890, 42});
  place = store->chat_place_of(sent);
  EXPECT_EQ(place.status, "delivered");
  EXPECT_EQ(place.where.chat_id, -1001234567890);
  EXPECT_EQ(place.where.message_id, 42);
  // Another channel's outcome changes nothing here.
  store->mark_failed("bitrix24", sent, "refused", {1100, "400", 5});
  EXPECT_EQ(store->chat_place_of(sent).where.message_id, 42);
  // A chat that gave up: failed, no message.
  store->mark_failed("telegram", refused, "chat not found", {1000, "400", 5});
  place = store->chat_place_of(refused);
  EXPECT_EQ(place.status, "failed");
  EXPECT_EQ(place.where.message_id, 0);
  // No chat row (a lead from before the chat was configured), or no lead at all: nothing.
  EXPECT_EQ(store->chat_place_of(crm_only).status, "");
  EXPECT_EQ(store->chat_place_of("01NOSUCHLEAD").status, "");
}

INSTANTIATE_TEST_SUITE_P(engines, chat_place_suite, ::testing::ValuesIn(engines()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace landing::storage
