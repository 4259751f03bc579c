#include "bitrix24/channel.hpp"

#include <gtest/gtest.h>

namespace landing::bitrix24 {
namespace {

using delivery::attempt_result;

reply error_reply(long status, std::string code, std::string description = "",
                  std::string retry_after = "") {
  reply out;
  out.status = status;
  out.failed = true;
  out.error = std::move(code);
  out.description = std::move(description);
  out.retry_after = std::move(retry_after);
  return out;
}

TEST(bitrix24_channel, every_system_error_is_classified_as_the_docs_say) {
  // _includes/system-errors.md, with what error-codes.md says to do about each.
  const std::vector<std::tuple<long, const char*, attempt_result::kind>> cases{
      {500, "INTERNAL_SERVER_ERROR", attempt_result::retry},
      {500, "ERROR_UNEXPECTED_ANSWER", attempt_result::retry},
      {503, "QUERY_LIMIT_EXCEEDED", attempt_result::retry},
      {429, "OPERATION_TIME_LIMIT", attempt_result::retry},
      {401, "NO_AUTH_FOUND", attempt_result::disabled},
      {401, "INVALID_REQUEST", attempt_result::disabled},
      {401, "OVERLOAD_LIMIT", attempt_result::disabled},
      {401, "ACCESS_DENIED", attempt_result::disabled},
      {401, "INVALID_CREDENTIALS", attempt_result::disabled},
      {404, "ERROR_METHOD_NOT_FOUND", attempt_result::disabled},
      {401, "insufficient_scope", attempt_result::disabled},
      {401, "expired_token", attempt_result::disabled},
      {401, "user_access_error", attempt_result::disabled},
      {403, "PORTAL_DELETED", attempt_result::disabled},
      // A method's own errors: an empty code and a description.
      {400, "", attempt_result::failed},
      {502, "", attempt_result::retry},
      {401, "", attempt_result::disabled},
  };
  for (const auto& [status, code, expected] : cases) {
    const auto got = interpret(error_reply(status, code, "said"), 1000);
    EXPECT_EQ(got.outcome, expected) << status << " " << code;
    EXPECT_NE(got.reason.find("said"), std::string::npos) << got.reason;
    std::string result = std::to_string(status);
    if (*code != '\0') result.append(" ").append(code);
    EXPECT_EQ(got.result, result);
  }
  EXPECT_EQ(interpret(error_reply(400, "", "Access denied."), 0).outcome, attempt_result::disabled)
      << "the webhook's user may not add leads: an operator's matter";
}

TEST(bitrix24_channel, a_rate_limit_waits_as_long_as_the_portal_says_or_the_bucket_drains) {
  const auto limited = error_reply(503, "QUERY_LIMIT_EXCEEDED", "Too many requests");
  EXPECT_EQ(interpret(limited, 10'000).retry_at, 12'000);
  const auto told = error_reply(503, "QUERY_LIMIT_EXCEEDED", "Too many requests", "7");
  EXPECT_EQ(interpret(told, 10'000).retry_at, 17'000);
  EXPECT_EQ(interpret(error_reply(429, "OPERATION_TIME_LIMIT"), 10'000).retry_at, 0)
      << "the method's own block: on the schedule";
}

TEST(bitrix24_channel, no_answer_is_tried_again_and_a_result_is_delivered) {
  reply none;
  none.transport = "timeout";
  none.transport_error = "Operation timed out";
  none.failed = true;
  const auto lost = interpret(none, 0);
  EXPECT_EQ(lost.outcome, attempt_result::retry);
  EXPECT_EQ(lost.result, "timeout");
  reply ok;
  ok.status = 200;
  ok.result = 3465;
  EXPECT_EQ(interpret(ok, 0).outcome, attempt_result::delivered);
}

}  // namespace
}  // namespace landing::bitrix24
