#pragma once

#include <string>

#include "common/secrets.hpp"

namespace landing::telegram {

struct config {
  std::string token;
  std::string chat_id;
  std::string api_base = "https://api.telegram.org";
  // The token came from TELEGRAM_BOT_TOKEN itself, which any process that may read this one's
  // environment reads too: taken, and the start warns (a file or a secret is the way).
  bool token_in_variable = false;
  [[nodiscard]] bool configured() const { return !token.empty() && !chat_id.empty(); }
};

// Reads one environment variable (common/secrets.hpp): landing::process_env, or a test's own.
using environment = environment_lookup;

// The bot token comes from, in this order:
// - TELEGRAM_BOT_TOKEN_FILE, a file only the service's user can read;
// - the secret `telegram-bot-token`: systemd's credential (LoadCredential=, found in
//   $CREDENTIALS_DIRECTORY), else a container's (/run/secrets; common/secrets.hpp);
// - TELEGRAM_BOT_TOKEN, for `make run` and tests (token_in_variable: the start warns).
// Never from a flag, which `ps` shows to every user. A file named but unreadable or empty, or
// both a file and the variable, is an error (std::runtime_error) whose text names the file,
// never the token.
config config_from(const environment& env);

}  // namespace landing::telegram
