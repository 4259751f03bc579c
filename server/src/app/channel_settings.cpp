#include "app/channel_settings.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "common/secrets.hpp"
#include "outbound/target.hpp"

namespace landing::app {

namespace {

// The host of an origin such as https://mintline.studio; empty when there is none.
std::string host_of(const std::string& origin) {
  const auto scheme = origin.find("://");
  if (scheme == std::string::npos) return {};
  auto host = origin.substr(scheme + 3);
  return host.substr(0, host.find_first_of(":/"));
}

}  // namespace

std::string read_secret(const std::string& file, const std::string& credential) {
  std::filesystem::path path = file;
  if (path.empty()) {
    const auto found = secret_file(credential, process_env);
    if (!found) return {};
    path = *found;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

webhook_settings webhook_settings_of(const config& cfg) {
  if (cfg.webhook_url.empty()) return {};
  const outbound::reach allowed{cfg.webhook_allow_private, "--webhook-allow-private"};
  const auto url = outbound::check_url(cfg.webhook_url, allowed);
  if (!url.error.empty()) return {std::nullopt, "--webhook-url: " + url.error};
  webhook::channel_options out;
  out.url = cfg.webhook_url;
  out.http.allowed = allowed;
  out.http.user_agent = "landing-server webhook";
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

email_settings email_settings_of(const config& cfg, const std::string& origin) {
  if (cfg.smtp_url.empty()) return {};
  if (const auto problem = email::check_smtp_url(cfg.smtp_url); !problem.empty()) {
    return {std::nullopt, problem};
  }
  const auto from = email::mailbox::parse(cfg.mail_from);
  if (!from) return {std::nullopt, "--mail-from: the studio's own address (name@domain) is needed"};
  std::vector<email::mailbox> to;
  for (const auto& each : cfg.mail_to) {
    const auto address = email::mailbox::parse(each);
    if (!address) return {std::nullopt, "--mail-to: '" + each + "' is not an address"};
    to.push_back(*address);
  }
  if (to.empty()) return {std::nullopt, "--mail-to: at least one address is needed"};
  email::smtp_settings smtp;
  smtp.url = cfg.smtp_url;
  smtp.user = cfg.smtp_user;
  smtp.ca_file = cfg.smtp_ca_file;
  try {
    auto password = read_secret(cfg.smtp_password_file, "smtp-password");
    while (!password.empty() && (password.back() == '\n' || password.back() == '\r')) {
      password.pop_back();
    }
    smtp.password = std::move(password);
  } catch (const std::exception& e) {
    return {std::nullopt, std::string("the SMTP password: ") + e.what()};
  }
  if (!smtp.user.empty() && smtp.password.empty()) {
    return {std::nullopt,
            "--smtp-user is set but no password (--smtp-password-file or the "
            "credential smtp-password)"};
  }
  // The site's host, else the studio's mail domain: what a Message-ID's right side names.
  auto domain = host_of(origin);
  if (domain.empty()) domain = std::string(from->domain());
  return {std::pair{std::move(smtp), email::mail_settings{*from, std::move(to), domain}}, {}};
}

bitrix24_settings bitrix24_settings_of(const config& cfg, const std::string& origin) {
  std::string url;
  try {
    url = read_secret(cfg.bitrix24_webhook_file, "bitrix24-webhook");
  } catch (const std::exception& e) {
    return {std::nullopt, std::string("the Bitrix24 webhook: ") + e.what()};
  }
  if (url.empty()) {
    if (cfg.bitrix24_webhook_file.empty()) return {};
    return {std::nullopt, "--bitrix24-webhook-file: the file is empty"};
  }
  bitrix24::channel_options out;
  out.http.allowed = {cfg.bitrix24_allow_private, "--bitrix24-allow-private"};
  // Never the URL: it holds the webhook's code.
  out.url = bitrix24::parse_webhook_url(url, out.http.allowed);
  if (!out.url.error.empty()) return {std::nullopt, "the Bitrix24 webhook's URL: " + out.url.error};
  out.http.timeout = std::chrono::milliseconds(cfg.delivery_timeout_ms);
  out.http.max_body = std::size_t{64} * 1024;
  out.http.user_agent = "landing-server bitrix24";
  out.site = host_of(origin);
  if (out.site.empty()) out.site = "сайт";
  return {std::move(out), {}};
}

amocrm_settings amocrm_settings_of(const config& cfg, const std::string& origin) {
  if (cfg.amocrm_url.empty()) return {};
  amocrm::channel_options out;
  out.http.allowed = {cfg.amocrm_allow_private, "--amocrm-allow-private"};
  out.url = amocrm::parse_account_url(cfg.amocrm_url, out.http.allowed);
  if (!out.url.error.empty()) return {std::nullopt, "--amocrm-url: " + out.url.error};
  try {
    out.token = read_secret(cfg.amocrm_token_file, "amocrm-token");
  } catch (const std::exception& e) {
    return {std::nullopt, std::string("the amoCRM token: ") + e.what()};
  }
  while (!out.token.empty() &&
         (out.token.back() == '\n' || out.token.back() == '\r' || out.token.back() == ' ')) {
    out.token.pop_back();
  }
  if (out.token.empty() || out.token.find_first_of(" \t\r\n") != std::string::npos) {
    return {std::nullopt,
            "the amoCRM token (--amocrm-token-file or the credential amocrm-token) is missing or "
            "not one word"};
  }
  out.http.timeout = std::chrono::milliseconds(cfg.delivery_timeout_ms);
  out.http.max_body = std::size_t{1024} * 1024;
  out.http.user_agent = "landing-server amocrm";
  out.site = host_of(origin);
  if (out.site.empty()) out.site = "сайт";
  return {std::move(out), {}};
}

}  // namespace landing::app
