#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace landing {

// Reads an environment variable; std::getenv's, or a test's own.
using environment_lookup = std::function<std::optional<std::string>(const char*)>;

// The folder compose and Kubernetes mount secrets in; LANDING_SECRETS_DIR moves it (tests).
inline constexpr const char* default_secrets_folder = "/run/secrets";

// Where the secret `name` lies when no flag names its file: systemd's credential
// ($CREDENTIALS_DIRECTORY/<name>), else the container's secret (<secrets folder>/<name>), the
// same name in both (telegram-bot-token, webhook-secret, smtp-password…). Nothing when neither
// holds it.
std::optional<std::filesystem::path> secret_file(const std::string& name,
                                                 const environment_lookup& env);

// std::getenv as an environment_lookup.
std::optional<std::string> process_env(const char* name);

}  // namespace landing
