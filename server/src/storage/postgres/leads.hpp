#pragma once

#include "storage/leads.hpp"
#include "storage/postgres/database.hpp"

namespace landing::storage::postgres {

// The leads in PostgreSQL; a batch is one statement, and its outbox rows commit with it.
class lead_table : public virtual leads_role {
 public:
  explicit lead_table(database& db) : db_(db) {}

  std::vector<std::string> insert_batch(const std::vector<new_lead>& leads,
                                        const std::vector<std::string>& channels) override;
  std::int64_t release_held(const std::vector<std::string>& channels) override;
  std::optional<lead> find(const std::string& id) override;
  std::vector<lead> list(const std::string& status) override;

 private:
  database& db_;
};

}  // namespace landing::storage::postgres
