#pragma once

#include <chrono>

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
  std::vector<std::pair<std::string, std::string>> senders_of(const std::vector<std::string>& keys,
                                                              std::int64_t since_ms) override;
  std::vector<lead> list(const std::string& status) override;

 private:
  // What insert_rows did on the way, for a COMMIT that did not plainly succeed.
  struct commit_state {
    bool committing = false;            // set as COMMIT is sent
    std::string xid;                    // the transaction's id, taken before it
    std::vector<std::string> warnings;  // what the server warned of during COMMIT
  };
  // The batch's rows and outbox rows in one transaction.
  std::vector<std::string> insert_rows(const std::vector<new_lead>& leads,
                                       const std::vector<std::string>& channels,
                                       const std::vector<std::string>& ids, std::int64_t created,
                                       bool held, commit_state& state);

  database& db_;
};

}  // namespace landing::storage::postgres
