#pragma once

#include <atomic>

#include "storage/proofs.hpp"
#include "storage/sqlite/database.hpp"

namespace landing::storage::sqlite {

// The spent_proofs table (migration step 11).
class proof_table : public virtual proofs_role {
 public:
  explicit proof_table(database& db) : db_(db) {}

  std::vector<bool> spend(const std::vector<spent_proof>& proofs, std::int64_t now_ms) override;

 private:
  database& db_;
  std::atomic<std::int64_t> pruned_at_{0};
};

}  // namespace landing::storage::sqlite
