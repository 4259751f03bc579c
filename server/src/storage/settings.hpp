#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace landing::storage {

// Small durable settings kept across restarts: the getUpdates offset, a chat id Telegram moved
// to a supergroup, the secret that signs proofs of work.
class settings_role {
 public:
  settings_role() = default;
  settings_role(const settings_role&) = delete;
  settings_role& operator=(const settings_role&) = delete;
  virtual ~settings_role() = default;

  virtual std::optional<std::string> setting(const std::string& key) = 0;
  virtual void set_setting(const std::string& key, const std::string& value) = 0;
  // The value under `key`: `value` when there was none, which is then stored; else whatever
  // was stored first, by this process or another (replicas agreeing on one shared secret).
  virtual std::string claim_setting(const std::string& key, const std::string& value) = 0;
  virtual std::vector<std::pair<std::string, std::string>> settings() = 0;
};

}  // namespace landing::storage
