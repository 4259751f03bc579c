#pragma once

#include "storage/leads.hpp"
#include "storage/sqlite/database.hpp"

namespace landing::storage::sqlite {

// The leads in SQLite; a lead's outbox row is written in the same transaction as the lead.
class lead_table : public virtual leads_role {
 public:
  explicit lead_table(database& db) : db_(db) {}

  std::vector<std::string> insert_batch(const std::vector<new_lead>& leads,
                                        const std::vector<std::string>& channels) override;
  std::int64_t release_held(const std::vector<std::string>& channels) override;
  std::optional<lead> find(const std::string& id) override;
  std::vector<std::pair<std::string, std::string>> senders_of(const std::vector<std::string>& keys,
                                                              std::int64_t since_ms) override;
  std::vector<lead> list(const std::string& status) override;

 private:
  database& db_;
};

}  // namespace landing::storage::sqlite
