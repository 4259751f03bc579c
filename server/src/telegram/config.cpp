#include "telegram/config.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace landing::telegram {
namespace {

constexpr const char* credential_name = "telegram-bot-token";

// A token file written by `echo` or an editor ends with a newline; the token has no whitespace.
std::string read_token_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read the bot token file " + file.string());
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ' ||
                           text.back() == '\t')) {
    text.pop_back();
  }
  if (text.empty()) throw std::runtime_error("the bot token file " + file.string() + " is empty");
  if (text.find_first_of(" \t\r\n") != std::string::npos) {
    throw std::runtime_error("the bot token file " + file.string() +
                             " holds more than one token (whitespace inside)");
  }
  return text;
}

}  // namespace

config config_from(const environment& env) {
  config out;
  const auto token_file = env("TELEGRAM_BOT_TOKEN_FILE");
  const auto token = env("TELEGRAM_BOT_TOKEN");
  if (token_file && !token_file->empty()) {
    if (token && !token->empty()) {
      throw std::runtime_error(
          "both TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_TOKEN_FILE are set; keep the file only");
    }
    out.token = read_token_file(*token_file);
  } else if (const auto secret = secret_file(credential_name, env)) {
    out.token = read_token_file(*secret);
  } else if (token && !token->empty()) {
    out.token = *token;
    out.token_in_variable = true;
  }
  if (const auto chat = env("TELEGRAM_CHAT_ID")) out.chat_id = *chat;
  if (const auto base = env("TELEGRAM_API_BASE"); base && !base->empty()) out.api_base = *base;
  return out;
}

}  // namespace landing::telegram
