#include "app/channel_settings.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "webhook/target.hpp"

namespace landing::app {

std::string read_secret(const std::string& file, const std::string& credential) {
  std::filesystem::path path = file;
  if (path.empty()) {
    const char* folder = std::getenv("CREDENTIALS_DIRECTORY");
    if (folder == nullptr || *folder == '\0') return {};
    path = std::filesystem::path(folder) / credential;
    if (!std::filesystem::exists(path)) return {};
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

webhook_settings webhook_settings_of(const config& cfg) {
  if (cfg.webhook_url.empty()) return {};
  const auto url = webhook::check_url(cfg.webhook_url, cfg.webhook_allow_private);
  if (!url.error.empty()) return {std::nullopt, "--webhook-url: " + url.error};
  webhook::channel_options out;
  out.url = cfg.webhook_url;
  out.http.allow_private = cfg.webhook_allow_private;
  out.http.timeout = std::chrono::milliseconds(cfg.webhook_timeout_ms);
  try {
    const auto current =
        webhook::parse_secret(read_secret(cfg.webhook_secret_file, "webhook-secret"));
    if (!current.value) {
      return {std::nullopt,
              "the webhook's secret (--webhook-secret-file or the credential webhook-secret): " +
                  current.error};
    }
    out.secrets.push_back(*current.value);
    if (!cfg.webhook_previous_secret_file.empty()) {
      const auto previous =
          webhook::parse_secret(read_secret(cfg.webhook_previous_secret_file, ""));
      if (!previous.value)
        return {std::nullopt, "--webhook-previous-secret-file: " + previous.error};
      out.secrets.push_back(*previous.value);
    }
  } catch (const std::exception& e) {
    return {std::nullopt, std::string("the webhook's secret: ") + e.what()};
  }
  return {std::move(out), {}};
}

}  // namespace landing::app
