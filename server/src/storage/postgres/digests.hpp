#pragma once

#include "storage/digests.hpp"
#include "storage/postgres/database.hpp"

namespace landing::storage::postgres {

// The digests sent, in PostgreSQL, shared by the replicas.
class digests_table : public virtual digests_role {
 public:
  explicit digests_table(database& db) : db_(db) {}

  std::optional<digest_row> claim_digest(const std::string& key, const std::string& owner,
                                         std::int64_t now, std::int64_t lease_until) override;
  bool record_digest(const std::string& key, const std::string& owner, int parts,
                     std::int64_t sent_at) override;
  std::optional<digest_row> find_digest(const std::string& key) override;

 private:
  database& db_;
};

}  // namespace landing::storage::postgres
