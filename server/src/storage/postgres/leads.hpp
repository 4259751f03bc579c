#pragma once

#include <chrono>

#include "storage/leads.hpp"
#include "storage/postgres/database.hpp"

namespace landing::storage::postgres {

// How long a lead whose commit was cut off waits for a primary to say whether it is stored:
// a failover takes seconds, and the visitor is waiting.
inline constexpr std::chrono::seconds commit_check_patience{10};

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
  // The batch's rows and outbox rows in one transaction; `committing` is set as COMMIT is sent.
  std::vector<std::string> insert_rows(const std::vector<new_lead>& leads,
                                       const std::vector<std::string>& channels,
                                       const std::vector<std::string>& ids, std::int64_t created,
                                       bool held, bool& committing);
  // After a COMMIT whose answer was lost: the ids when the leads are stored; storage::error
  // (unavailable) when they are not, or when no primary answers within commit_check_patience.
  std::vector<std::string> confirm_commit(const std::vector<std::string>& ids,
                                          const std::string& why);

  database& db_;
};

}  // namespace landing::storage::postgres
