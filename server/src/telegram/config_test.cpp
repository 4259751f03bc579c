#include "telegram/config.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>

#include "temp_folder.hpp"

namespace landing::telegram {
namespace {

constexpr const char* token = "123456:AAsecret-token";

environment env_of(std::map<std::string, std::string> values) {
  return [values = std::move(values)](const char* name) -> std::optional<std::string> {
    const auto found = values.find(name);
    if (found == values.end()) return std::nullopt;
    return found->second;
  };
}

std::string write(const landing::testing::temp_folder& dir, const std::string& name,
                  const std::string& text) {
  const auto path = dir.file(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(telegram_config, reads_the_token_from_the_variable_for_make_run_and_tests) {
  const auto got = config_from(env_of({{"TELEGRAM_BOT_TOKEN", token}, {"TELEGRAM_CHAT_ID", "-1"}}));
  EXPECT_EQ(got.token, token);
  EXPECT_EQ(got.chat_id, "-1");
  EXPECT_TRUE(got.configured());
  EXPECT_TRUE(got.token_in_variable) << "the start warns of it";
}

TEST(telegram_config, reads_the_token_file_whatever_line_ending_it_was_saved_with) {
  const landing::testing::temp_folder dir;
  for (const std::string ending : {"", "\n", "\r\n", "  \n\n", "\t"}) {
    const auto file = write(dir, "token", token + ending);
    EXPECT_EQ(config_from(env_of({{"TELEGRAM_BOT_TOKEN_FILE", file}})).token, token)
        << "ending " << ::testing::PrintToString(ending);
  }
}

TEST(telegram_config, reads_the_systemd_credential) {
  const landing::testing::temp_folder dir;
  write(dir, "telegram-bot-token", std::string(token) + "\n");
  EXPECT_EQ(config_from(env_of({{"CREDENTIALS_DIRECTORY", dir.path.string()}})).token, token);
  // A credentials folder without this credential leaves the variable in charge.
  const landing::testing::temp_folder empty;
  EXPECT_EQ(config_from(env_of({{"CREDENTIALS_DIRECTORY", empty.path.string()},
                                {"TELEGRAM_BOT_TOKEN", "from-variable"}}))
                .token,
            "from-variable");
}

// Compose and Kubernetes mount secrets in /run/secrets (LANDING_SECRETS_DIR here): the same
// name as the systemd credential, below it in precedence, above the plain variable.
TEST(telegram_config, reads_the_containers_secret) {
  const landing::testing::temp_folder dir;
  write(dir, "telegram-bot-token", std::string(token) + "\n");
  const auto got = config_from(
      env_of({{"LANDING_SECRETS_DIR", dir.path.string()}, {"TELEGRAM_BOT_TOKEN", "plain"}}));
  EXPECT_EQ(got.token, token);
  EXPECT_FALSE(got.token_in_variable);
}

TEST(telegram_config, a_named_file_wins_over_the_credential) {
  const landing::testing::temp_folder dir;
  write(dir, "telegram-bot-token", "credential");
  const auto file = write(dir, "token", "file");
  EXPECT_EQ(config_from(env_of({{"CREDENTIALS_DIRECTORY", dir.path.string()},
                                {"TELEGRAM_BOT_TOKEN_FILE", file}}))
                .token,
            "file");
}

// Every way a token file can be wrong is refused at start, and the message names the file but
// never a token.
TEST(telegram_config, refuses_a_missing_empty_or_ambiguous_token_file_without_quoting_it) {
  const landing::testing::temp_folder dir;
  const auto blank = write(dir, "blank", " \n");
  const auto two = write(dir, "two", std::string(token) + "\n" + token + "\n");
  const auto good = write(dir, "good", token);
  const std::vector<std::map<std::string, std::string>> cases = {
      {{"TELEGRAM_BOT_TOKEN_FILE", dir.file("missing")}},
      {{"TELEGRAM_BOT_TOKEN_FILE", dir.path.string()}},
      {{"TELEGRAM_BOT_TOKEN_FILE", blank}},
      {{"TELEGRAM_BOT_TOKEN_FILE", two}},
      {{"TELEGRAM_BOT_TOKEN_FILE", good}, {"TELEGRAM_BOT_TOKEN", token}},
  };
  for (const auto& values : cases) {
    try {
      config_from(env_of(values));
      ADD_FAILURE() << "accepted " << values.begin()->second;
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()).find("secret-token"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace landing::telegram
