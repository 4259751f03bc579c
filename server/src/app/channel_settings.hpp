#pragma once

#include <optional>
#include <string>
#include <utility>

#include "amocrm/channel.hpp"
#include "app/config.hpp"
#include "bitrix24/channel.hpp"
#include "email/lead_mail.hpp"
#include "email/smtp.hpp"
#include "webhook/channel.hpp"

namespace landing::app {

// A channel's settings read and checked from the command line, its secret from a file or the
// systemd credential; `error` says what is wrong for the operator (never a secret's value).
struct webhook_settings {
  std::optional<webhook::channel_options> options;  // nothing when no --webhook-url
  std::string error;
};
webhook_settings webhook_settings_of(const config& cfg);

struct email_settings {
  std::optional<std::pair<email::smtp_settings, email::mail_settings>> options;  // no --smtp-url
  std::string error;
};
// `origin` is the site's public origin: its host names each mail's Message-ID.
email_settings email_settings_of(const config& cfg, const std::string& origin);

struct bitrix24_settings {
  std::optional<bitrix24::channel_options> options;  // nothing when no webhook is configured
  std::string error;
};
// `origin` is the site's public origin: its host names the site in each lead.
bitrix24_settings bitrix24_settings_of(const config& cfg, const std::string& origin);

struct amocrm_settings {
  std::optional<amocrm::channel_options> options;  // nothing when no --amocrm-url
  std::string error;
};
amocrm_settings amocrm_settings_of(const config& cfg, const std::string& origin);

// A secret from `file` when given, else from $CREDENTIALS_DIRECTORY/`credential`; nothing from
// either is an empty string. Throws std::runtime_error when a named file cannot be read.
std::string read_secret(const std::string& file, const std::string& credential);

}  // namespace landing::app
