#include "storage/postgres/proofs.hpp"

#include <set>

#include "storage/postgres/arrays.hpp"

namespace landing::storage::postgres {

// Expired records go at most once a minute per replica: a DELETE per batch of leads would cost
// more than the few rows it finds.
constexpr std::int64_t prune_every_ms = 60'000;

std::vector<bool> proof_table::spend(const std::vector<spent_proof>& proofs, std::int64_t now_ms) {
  const bool prune = now_ms - pruned_at_.load() >= prune_every_ms;
  std::vector<std::string> nonces;
  std::vector<std::string> expiries;
  nonces.reserve(proofs.size());
  expiries.reserve(proofs.size());
  for (const auto& proof : proofs) {
    nonces.push_back(proof.nonce);
    expiries.push_back(std::to_string(proof.expires_at_ms));
  }
  // One round trip for the batch; a nonce another replica inserted at the same moment waits for
  // that transaction and is then not returned.
  const auto inserted = db_.run(true, [&](connection& conn) {
    if (prune)
      conn.exec("DELETE FROM spent_proofs WHERE expires_at < $1::bigint", {std::to_string(now_ms)});
    const auto rows = conn.exec(
        "INSERT INTO spent_proofs (nonce, expires_at) SELECT n, e FROM unnest($1::text[], "
        "$2::bigint[]) AS t(n, e) ON CONFLICT (nonce) DO NOTHING RETURNING nonce",
        {text_array(nonces), text_array(expiries)});
    std::set<std::string> out;
    for (int row = 0; row < rows.rows(); ++row) out.insert(rows.text(row, 0));
    return out;
  });
  if (prune) pruned_at_ = now_ms;
  std::vector<bool> fresh;
  fresh.reserve(proofs.size());
  std::set<std::string> taken;
  for (const auto& proof : proofs) {
    fresh.push_back(inserted.contains(proof.nonce) && taken.insert(proof.nonce).second);
  }
  return fresh;
}

}  // namespace landing::storage::postgres
