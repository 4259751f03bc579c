#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace landing::storage {

// Small durable settings the chat side keeps across restarts: the getUpdates offset, a chat id
// Telegram moved to a supergroup.
class settings_role {
 public:
  settings_role() = default;
  settings_role(const settings_role&) = delete;
  settings_role& operator=(const settings_role&) = delete;
  virtual ~settings_role() = default;

  virtual std::optional<std::string> setting(const std::string& key) = 0;
  virtual void set_setting(const std::string& key, const std::string& value) = 0;
  virtual std::vector<std::pair<std::string, std::string>> settings() = 0;
};

}  // namespace landing::storage
