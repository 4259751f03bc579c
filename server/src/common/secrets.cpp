#include "common/secrets.hpp"

#include <cstdlib>
#include <system_error>

namespace landing {

std::optional<std::filesystem::path> secret_file(const std::string& name,
                                                 const environment_lookup& env) {
  const auto in =
      [&](const std::optional<std::string>& folder) -> std::optional<std::filesystem::path> {
    if (!folder || folder->empty()) return std::nullopt;
    auto path = std::filesystem::path(*folder) / name;
    std::error_code error;
    if (!std::filesystem::exists(path, error)) return std::nullopt;
    return path;
  };
  if (auto found = in(env("CREDENTIALS_DIRECTORY"))) return found;
  const auto folder = env("LANDING_SECRETS_DIR");
  return in(folder ? folder : std::optional<std::string>(default_secrets_folder));
}

std::optional<std::string> process_env(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr) return std::nullopt;
  return std::string(value);
}

}  // namespace landing
