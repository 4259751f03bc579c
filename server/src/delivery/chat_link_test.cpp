#include "delivery/chat_link.hpp"

#include <gtest/gtest.h>

#include <thread>

#include "common/clock.hpp"
#include "storage/sqlite/store.hpp"
#include "temp_folder.hpp"

namespace landing::delivery {
namespace {

using namespace std::chrono_literals;

// The link form of the test: every known message has one, but chat 7 (a private chat) has none.
std::optional<std::string> test_link(const storage::sent_message& where) {
  if (where.chat_id == 7) return std::nullopt;
  return "chat " + std::to_string(where.chat_id) + " message " + std::to_string(where.message_id);
}

class chat_link_suite : public ::testing::Test {
 protected:
  storage::lead add(const std::vector<std::string>& channels = {"telegram", "bitrix24"}) {
    const auto id =
        store
            .insert_batch({{{"Анна", "@anna", "a@b.co", "Привет"}, "ru", "10.0.0.1", false}},
                          channels)
            .front();
    return *store.find(id);
  }
  void deliver(const std::string& id, storage::sent_message where) {
    store.mark_delivered("telegram", id, {clock::now_ms(), "ok", 3}, where);
  }
  testing::temp_folder dir;
  storage::sqlite::store store{dir.file("leads.db")};
  std::atomic<bool> cancel{false};
  chat_link_finder finder{store, test_link, {5000ms, 10ms}};
};

TEST_F(chat_link_suite, a_known_message_gives_its_link_at_once) {
  const auto lead = add();
  deliver(lead.id, {-100, 42});
  EXPECT_EQ(finder.find(lead, cancel), "chat -100 message 42");
}

TEST_F(chat_link_suite, a_fresh_lead_waits_for_the_chat_that_is_sending_it) {
  const auto lead = add();
  std::thread chat([&] {
    std::this_thread::sleep_for(150ms);
    deliver(lead.id, {-100, 43});
  });
  const auto link = finder.find(lead, cancel);
  chat.join();
  EXPECT_EQ(link, "chat -100 message 43");
}

TEST_F(chat_link_suite, a_lead_past_the_wait_goes_without_its_link) {
  const clock::fake now(1'790'000'000'000);
  const auto lead = add();
  clock::advance(5001ms);  // the chat is down: its row is still pending
  EXPECT_FALSE(finder.find(lead, cancel));
  // Even on a clock that stands still, the looks are counted: the wait ends.
  const clock::fake still(1'790'000'000'000);
  const chat_link_finder quick{store, test_link, {50ms, 10ms}};
  EXPECT_FALSE(quick.find(add(), cancel));
}

TEST_F(chat_link_suite, no_chat_row_a_chat_that_gave_up_or_no_link_form_give_none) {
  EXPECT_FALSE(finder.find(add({"bitrix24"}), cancel));
  const auto refused = add();
  store.mark_failed("telegram", refused.id, "chat not found", {clock::now_ms(), "400", 3});
  EXPECT_FALSE(finder.find(refused, cancel));
  const auto private_chat = add();
  deliver(private_chat.id, {7, 44});
  EXPECT_FALSE(finder.find(private_chat, cancel));
  // Delivered, but Telegram did not say which message.
  const auto unknown = add();
  deliver(unknown.id, {});
  EXPECT_FALSE(finder.find(unknown, cancel));
}

TEST_F(chat_link_suite, a_shutdown_ends_the_wait) {
  cancel = true;
  EXPECT_FALSE(finder.find(add(), cancel));
}

}  // namespace
}  // namespace landing::delivery
