#pragma once

#include "storage/settings.hpp"
#include "storage/sqlite/database.hpp"

namespace landing::storage::sqlite {

// The settings table (migration step 4).
class settings_table : public virtual settings_role {
 public:
  explicit settings_table(database& db) : db_(db) {}

  std::optional<std::string> setting(const std::string& key) override;
  void set_setting(const std::string& key, const std::string& value) override;
  std::string claim_setting(const std::string& key, const std::string& value) override;
  std::vector<std::pair<std::string, std::string>> settings() override;

 private:
  database& db_;
};

}  // namespace landing::storage::sqlite
