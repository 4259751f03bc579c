#include "webhook/channel.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "webhook/payload.hpp"

namespace landing::webhook {
namespace {

using delivery::attempt_result;
constexpr std::int64_t now = 1'784'000'000'000;

outbound::answer with_status(long status, std::string retry_after = {}) {
  outbound::answer out;
  out.status = status;
  out.retry_after = std::move(retry_after);
  return out;
}

TEST(webhook_answer, only_2xx_delivers_and_410_turns_the_channel_off) {
  for (long status : {200L, 201L, 202L, 204L, 299L}) {
    EXPECT_EQ(interpret(with_status(status), now).outcome, attempt_result::delivered) << status;
  }
  EXPECT_EQ(interpret(with_status(410), now).outcome, attempt_result::disabled);
  for (long status : {301L, 302L, 307L, 308L, 400L, 401L, 404L, 500L, 501L}) {
    const auto result = interpret(with_status(status), now);
    EXPECT_EQ(result.outcome, attempt_result::retry) << status;
    EXPECT_EQ(result.retry_at, 0) << "on the schedule";
    EXPECT_EQ(result.result, std::to_string(status));
  }
  EXPECT_NE(interpret(with_status(302), now).reason.find("redirect is not followed"),
            std::string::npos);
}

TEST(webhook_answer, retry_after_is_honoured_on_429_502_503_504_only) {
  for (long status : {429L, 502L, 503L, 504L}) {
    EXPECT_EQ(interpret(with_status(status, "7"), now).retry_at, now + 7000) << status;
  }
  EXPECT_EQ(interpret(with_status(500, "7"), now).retry_at, 0);
  EXPECT_EQ(interpret(with_status(503, "whenever"), now).retry_at, 0)
      << "an unreadable one falls back to the schedule";
}

TEST(webhook_answer, no_answer_retries_with_its_error_class) {
  const auto result = interpret({0, "refused", "127.0.0.1 is a loopback address", {}, {}}, now);
  EXPECT_EQ(result.outcome, attempt_result::retry);
  EXPECT_EQ(result.result, "refused");
  EXPECT_NE(result.reason.find("loopback"), std::string::npos);
}

TEST(webhook_payload, carries_the_lead_and_its_source_and_stays_under_20_kb) {
  storage::lead item;
  item.id = "01JD3Z6W8Q5N2R4T6V8X0Y2A4C";
  item.created_at = now;
  item.locale = "ru";
  item.fields = {"Анна", "@anna", "anna@example.com", "Привет"};
  item.source = R"({"utm_source":"telegram","landing":"/ru"})";
  const auto body = boost::json::parse(lead_body(item, now + 1500)).as_object();
  EXPECT_EQ(body.at("type"), "lead.created");
  EXPECT_EQ(body.at("timestamp"), "2026-07-14T03:33:21.500Z");
  const auto& data = body.at("data").as_object();
  EXPECT_EQ(data.at("id").as_string(), item.id);
  EXPECT_EQ(data.at("created_at"), "2026-07-14T03:33:20.000Z");
  EXPECT_EQ(data.at("name"), "Анна");
  EXPECT_EQ(data.at("message"), "Привет");
  EXPECT_EQ(data.at("source").at("utm_source"), "telegram");
  EXPECT_FALSE(data.contains("truncated"));
  // The longest lead the form takes (leads/validation.hpp), in a four-byte script, fits whole.
  std::string longest;
  for (int i = 0; i < 4000; ++i) longest += "😀";
  std::string name;
  for (int i = 0; i < 100; ++i) name += "😀";
  item.fields = {name, std::string(64, 's'), std::string(254, 'e'), longest};
  const auto whole = lead_body(item, now);
  EXPECT_LE(whole.size(), body_max_bytes);
  EXPECT_FALSE(boost::json::parse(whole).at("data").as_object().contains("truncated"));
  // Anything longer (a rule loosened one day) is cut on a character, never sent over the limit.
  std::string over;
  for (int i = 0; i < 3000; ++i) over += "😀\"\n";
  item.fields.message = over;
  const auto big = lead_body(item, now);
  EXPECT_LE(big.size(), body_max_bytes);
  const auto cut = boost::json::parse(big).as_object();
  EXPECT_EQ(cut.at("data").at("truncated"), true);
  EXPECT_GT(cut.at("data").at("message").as_string().size(), 10000U) << "only what is needed goes";
}

TEST(webhook_headers, name_the_lead_the_time_and_every_secrets_signature) {
  const auto one = *parse_secret(new_secret()).value;
  const auto two = *parse_secret(new_secret()).value;
  const auto headers = signed_headers({one, two}, "lead-1", 1784000000, "{}");
  ASSERT_EQ(headers.size(), 4U);
  EXPECT_EQ(headers[1], (std::pair<std::string, std::string>{"webhook-id", "lead-1"}));
  EXPECT_EQ(headers[2].second, "1784000000");
  EXPECT_EQ(std::count(headers[3].second.begin(), headers[3].second.end(), ' '), 1);
  EXPECT_TRUE(headers[3].second.starts_with("v1,"));
}

}  // namespace
}  // namespace landing::webhook
