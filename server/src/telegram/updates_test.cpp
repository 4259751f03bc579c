#include "telegram/updates.hpp"

#include <gtest/gtest.h>

namespace landing::telegram {
namespace {

constexpr std::string_view click =
    R"({"update_id":700,"callback_query":{"id":"4382bfdwdsb323b2d9","from":{"id":111,)"
    R"("is_bot":false,"first_name":"Анна","last_name":"Петрова","username":"anna"},)"
    R"("message":{"message_id":5,"chat":{"id":-1001234567890,"type":"supergroup"},"date":1,)"
    R"("text":"Новая заявка"},"chat_instance":"-1","data":"take:01JD3Z6W8Q5N2R4T6V8X0Y2A4C"}})";

TEST(updates, reads_a_click_with_its_sender_message_and_data) {
  const auto batch =
      parse_updates(std::string(R"({"ok":true,"result":[)") + std::string(click) + "]}", 0);
  ASSERT_TRUE(batch.ok);
  EXPECT_EQ(batch.next_offset, 701);
  ASSERT_EQ(batch.callbacks.size(), 1U);
  const auto& query = batch.callbacks[0];
  EXPECT_EQ(query.id, "4382bfdwdsb323b2d9");
  EXPECT_EQ(query.user_id, 111);
  EXPECT_TRUE(query.has_message);
  EXPECT_EQ(query.chat_id, -1001234567890);
  EXPECT_EQ(query.message_id, 5);
  EXPECT_EQ(query.message_text, "Новая заявка");
  EXPECT_EQ(query.data, "take:01JD3Z6W8Q5N2R4T6V8X0Y2A4C");
  EXPECT_EQ(display_name(query), "Анна Петрова (@anna)");
}

TEST(updates, skips_what_it_cannot_act_on_and_still_moves_the_offset_past_it) {
  const auto batch = parse_updates(
      R"({"ok":true,"result":[{"update_id":5,"message":{"text":"hi"}},)"
      R"({"update_id":9,"callback_query":{"from":{"id":1}}},)"
      R"({"update_id":"x"},17,)"
      R"({"update_id":7,"callback_query":{"id":"q","from":{"id":3,"first_name":"Ли"},"data":"x"}}]})",
      4);
  ASSERT_TRUE(batch.ok);
  EXPECT_EQ(batch.next_offset, 10);
  ASSERT_EQ(batch.callbacks.size(), 1U);
  EXPECT_FALSE(batch.callbacks[0].has_message);  // too old for Telegram to include it
  EXPECT_EQ(display_name(batch.callbacks[0]), "Ли");
  EXPECT_EQ(batch.skipped.size(), 4U);
}

TEST(updates, an_empty_batch_keeps_the_offset_and_an_error_says_which) {
  auto batch = parse_updates(R"({"ok":true,"result":[]})", 42);
  EXPECT_TRUE(batch.ok);
  EXPECT_EQ(batch.next_offset, 42);
  batch = parse_updates(
      R"({"ok":false,"error_code":409,"description":"Conflict: terminated by other getUpdates request"})",
      42);
  EXPECT_FALSE(batch.ok);
  EXPECT_EQ(batch.error_code, 409);
  EXPECT_EQ(batch.next_offset, 42);
  EXPECT_NE(batch.description.find("Conflict"), std::string::npos);
  for (const std::string_view broken :
       {"", "[]", "{", R"({"ok":true})", R"({"ok":true,"result":{}})"}) {
    EXPECT_FALSE(parse_updates(broken, 42).ok) << broken;
    EXPECT_EQ(parse_updates(broken, 42).next_offset, 42) << broken;
  }
}

TEST(updates, names_a_user_without_any_name_by_id) {
  callback_query query;
  query.user_id = 77;
  EXPECT_EQ(display_name(query), "id 77");
  query.username = "ghost";
  EXPECT_EQ(display_name(query), "id 77 (@ghost)");
}

TEST(updates, a_webhook_post_is_one_update) {
  callback_query query;
  std::string why;
  ASSERT_TRUE(parse_update(click, query, why)) << why;
  EXPECT_EQ(query.username, "anna");
  EXPECT_FALSE(parse_update(R"({"update_id":1,"message":{}})", query, why));
  EXPECT_EQ(why, "not a callback query");
}

}  // namespace
}  // namespace landing::telegram
