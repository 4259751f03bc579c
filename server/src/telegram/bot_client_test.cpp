#include "telegram/bot_client.hpp"

#include <gtest/gtest.h>

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

TEST(bot_client, redact_removes_every_copy_of_the_token) {
  EXPECT_EQ(redact("GET /bot123:abc/sendMessage and 123:abc", "123:abc"),
            "GET /bot<redacted>/sendMessage and <redacted>");
}

TEST(bot_client, connection_errors_never_show_the_token) {
  bot_client client("http://127.0.0.1:1", "123456:SECRET-token", "42",
                    std::chrono::milliseconds(2000));
  const auto result = client.send("hello");
  EXPECT_EQ(result.outcome, send_result::transient);
  EXPECT_EQ(result.reason.find("SECRET"), std::string::npos) << result.reason;
}

}  // namespace
}  // namespace landing::telegram
