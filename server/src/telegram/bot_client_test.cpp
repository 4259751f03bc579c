#include "telegram/bot_client.hpp"

#include <gtest/gtest.h>

#include "common/utf8.hpp"

namespace landing::telegram {
namespace {

TEST(bot_client, ok_answer_is_delivered) {
  EXPECT_EQ(classify_answer(200, R"({"ok":true,"result":{}})").outcome, send_result::delivered);
}

TEST(bot_client, too_many_requests_carries_retry_after) {
  const auto result = classify_answer(
      429, R"({"ok":false,"error_code":429,"description":"Too Many Requests: retry after 7",
             "parameters":{"retry_after":7}})");
  EXPECT_EQ(result.outcome, send_result::retry_after);
  EXPECT_EQ(result.retry_after_s, 7);
}

// Whatever retry_after holds, the answer is a pause within bounds and never an exception: a value
// of 1.5 once aborted the process, and the lead still pending made every restart abort again.
TEST(bot_client, any_retry_after_becomes_a_pause_within_bounds) {
  const std::vector<std::pair<std::string, std::int64_t>> cases{
      {"7", 7},
      {"1.5", 2},
      {"0.2", 1},
      {"0", 1},
      {"-5", 1},
      {"-1e300", 1},
      {"1e-300", 1},
      {"1e300", retry_after_max_s},
      {"3600.5", retry_after_max_s},
      {"9223372036854775807", retry_after_max_s},
      {"18446744073709551615", retry_after_max_s},
      {"-9223372036854775808", 1},
      {"\"7\"", retry_after_default_s},
      {"null", retry_after_default_s},
      {"true", retry_after_default_s},
      {"[1]", retry_after_default_s},
      {"{\"s\":1}", retry_after_default_s},
  };
  for (const auto& [value, expected] : cases) {
    const auto body = R"({"ok":false,"error_code":429,"parameters":{"retry_after":)" + value + "}}";
    send_result result;
    EXPECT_NO_THROW(result = classify_answer(429, body)) << value;
    EXPECT_EQ(result.outcome, send_result::retry_after) << value;
    EXPECT_EQ(result.retry_after_s, expected) << value;
  }
  for (const std::string body :
       {"", "nonsense", "[]", R"({"parameters":5})", R"({"parameters":[]})", R"({"ok":false})"}) {
    EXPECT_EQ(classify_answer(429, body).retry_after_s, retry_after_default_s) << body;
  }
}

TEST(bot_client, any_answer_is_classified_without_throwing) {
  std::string deep(100000, '[');
  std::string huge_description =
      R"({"ok":false,"description":")" + std::string(1 << 20, 'x') + "\"}";
  const std::vector<std::string> bodies{"",
                                        "{",
                                        "null",
                                        "[]",
                                        "\xFF\xFE",
                                        deep,
                                        huge_description,
                                        R"({"ok":"true"})",
                                        R"({"ok":1})",
                                        R"({"description":7})"};
  for (long status : {0L, 100L, 200L, 204L, 301L, 304L, 400L, 401L, 403L, 404L, 409L, 418L, 429L,
                      500L, 502L, 503L, 999L, -1L}) {
    for (const auto& body : bodies) {
      send_result result;
      EXPECT_NO_THROW(result = classify_answer(status, body)) << status;
      EXPECT_LE(result.reason.size(), description_max + 32) << status;
      if (status != 200) {
        EXPECT_NE(result.outcome, send_result::delivered) << status;
      }
    }
  }
  // Only a 200 that says ok:true is a delivery.
  EXPECT_EQ(classify_answer(200, R"({"ok":"true"})").outcome, send_result::transient);
  EXPECT_EQ(classify_answer(204, "").outcome, send_result::transient);
}

TEST(bot_client, a_description_cut_to_size_stays_valid_utf8) {
  std::string description;
  for (int i = 0; i < 400; ++i) description += "ж";
  const auto result = classify_answer(500, R"({"ok":false,"description":")" + description + "\"}");
  EXPECT_TRUE(utf8::decode(result.reason).has_value());
  EXPECT_LE(result.reason.size(), description_max + 32);
}

TEST(bot_client, bad_request_is_permanent_with_the_reason) {
  const auto result =
      classify_answer(400, R"({"ok":false,"description":"Bad Request: chat not found"})");
  EXPECT_EQ(result.outcome, send_result::permanent);
  EXPECT_EQ(result.reason, "http 400: Bad Request: chat not found");
}

TEST(bot_client, server_errors_are_transient) {
  EXPECT_EQ(classify_answer(500, "oops").outcome, send_result::transient);
  EXPECT_EQ(classify_answer(502, "").outcome, send_result::transient);
}

TEST(bot_client, connection_errors_never_show_the_token) {
  bot_client client("http://127.0.0.1:1", "123456:SECRET-token", std::chrono::milliseconds(2000));
  const auto result = client.call("sendMessage", {{"chat_id", 42}, {"text", "hello"}}).outcome;
  EXPECT_EQ(result.outcome, send_result::transient);
  EXPECT_EQ(result.reason.find("SECRET"), std::string::npos) << result.reason;
}

}  // namespace
TEST(bot_client, a_sent_message_brings_its_id) {
  const auto result = classify_answer(
      200, R"({"ok":true,"result":{"message_id":321,"chat":{"id":-100},"text":"x"}})");
  EXPECT_EQ(result.outcome, send_result::delivered);
  EXPECT_EQ(result.message_id, 321);
  EXPECT_EQ(classify_answer(200, R"({"ok":true,"result":true})").message_id, 0);
}

TEST(bot_client, an_edit_that_changes_nothing_counts_as_done) {
  const auto result = classify_answer(
      400,
      R"({"ok":false,"error_code":400,"description":"Bad Request: message is not modified: specified new message content and reply markup are exactly the same"})");
  EXPECT_EQ(result.outcome, send_result::delivered);
}

TEST(bot_client, a_group_upgraded_to_a_supergroup_names_its_new_id) {
  const auto result = classify_answer(
      400,
      R"({"ok":false,"error_code":400,"description":"Bad Request: group chat was upgraded to a supergroup chat","parameters":{"migrate_to_chat_id":-1001234567890}})");
  EXPECT_EQ(result.migrate_to_chat_id, -1001234567890);
  EXPECT_EQ(
      classify_answer(400, R"({"ok":false,"description":"chat not found"})").migrate_to_chat_id, 0);
}

}  // namespace landing::telegram
