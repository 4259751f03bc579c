#pragma once

#include <optional>
#include <string>

#include "app/config.hpp"
#include "webhook/channel.hpp"

namespace landing::app {

// A channel's settings read and checked from the command line, its secret from a file or the
// systemd credential; `error` says what is wrong for the operator (never a secret's value).
struct webhook_settings {
  std::optional<webhook::channel_options> options;  // nothing when no --webhook-url
  std::string error;
};
webhook_settings webhook_settings_of(const config& cfg);

// A secret from `file` when given, else from $CREDENTIALS_DIRECTORY/`credential`; nothing from
// either is an empty string. Throws std::runtime_error when a named file cannot be read.
std::string read_secret(const std::string& file, const std::string& credential);

}  // namespace landing::app
