#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace landing::storage {

// A proof of work already used (spam/proof_of_work.hpp), named by its challenge's nonce and kept
// until that challenge expires: after that no proof of it is valid anyway.
struct spent_proof {
  std::string nonce;
  std::int64_t expires_at_ms = 0;
};

// Proofs are spent once, in whichever replica they arrive: the record is the store's.
class proofs_role {
 public:
  proofs_role() = default;
  proofs_role(const proofs_role&) = delete;
  proofs_role& operator=(const proofs_role&) = delete;
  virtual ~proofs_role() = default;

  // For each proof, in order: true when it had not been spent (it is now), false when it had,
  // earlier or by an earlier entry of the same list. Records whose challenge expired before
  // now_ms are dropped now and then on the way. Throws storage::error when the store cannot
  // say.
  virtual std::vector<bool> spend(const std::vector<spent_proof>& proofs, std::int64_t now_ms) = 0;
};

}  // namespace landing::storage
