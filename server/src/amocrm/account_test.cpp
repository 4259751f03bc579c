#include "amocrm/account.hpp"

#include <gtest/gtest.h>

#include "amocrm/channel.hpp"

namespace landing::amocrm {
namespace {

const outbound::reach closed{false, "--amocrm-allow-private"};

TEST(amocrm_account, the_address_is_taken_as_the_studio_knows_it) {
  for (const auto& [text, base] : std::vector<std::pair<const char*, const char*>>{
           {"https://studio.amocrm.ru", "https://studio.amocrm.ru"},
           {"studio.amocrm.ru", "https://studio.amocrm.ru"},
           {"studio.kommo.com/\n", "https://studio.kommo.com"},
       }) {
    const auto parsed = parse_account_url(text, closed);
    EXPECT_EQ(parsed.error, "") << text;
    EXPECT_EQ(parsed.base, base) << text;
  }
  for (const auto& [text, says] : std::vector<std::pair<const char*, const char*>>{
           {"http://studio.amocrm.ru", "https"},
           {"https://studio.amocrm.ru/api/v4", "no path"},
           {"https://127.0.0.1", "--amocrm-allow-private"},
           {"https://user:pass@studio.amocrm.ru", "password"},
       }) {
    const auto parsed = parse_account_url(text, closed);
    EXPECT_NE(parsed.error.find(says), std::string::npos) << text << ": " << parsed.error;
  }
}

TEST(amocrm_account, every_answer_is_classified) {
  using delivery::attempt_result;
  const std::vector<std::pair<long, attempt_result::kind>> cases{
      {200, attempt_result::delivered}, {204, attempt_result::delivered},
      {400, attempt_result::failed},    {422, attempt_result::failed},
      {401, attempt_result::disabled},  {402, attempt_result::disabled},
      {403, attempt_result::disabled},  {404, attempt_result::disabled},
      {429, attempt_result::retry},     {500, attempt_result::retry},
      {502, attempt_result::retry},     {0, attempt_result::retry},
  };
  for (const auto& [status, expected] : cases) {
    reply got;
    got.status = status;
    got.detail = "said";
    got.transport = status == 0 ? "timeout" : "";
    EXPECT_EQ(interpret(got, 1000).outcome, expected) << status;
  }
  reply limited;
  limited.status = 429;
  EXPECT_EQ(interpret(limited, 1000).retry_at, 2000) << "a second, seven calls a second";
}

}  // namespace
}  // namespace landing::amocrm
