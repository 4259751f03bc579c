#include "storage/sqlite/proofs.hpp"

namespace landing::storage::sqlite {

// Expired records go at most once a minute: a DELETE per batch of leads would cost more than the
// few rows it finds.
constexpr std::int64_t prune_every_ms = 60'000;

std::vector<bool> proof_table::spend(const std::vector<spent_proof>& proofs, std::int64_t now_ms) {
  const bool prune = now_ms - pruned_at_.load() >= prune_every_ms;
  auto fresh = db_.write(file_guard::purpose::new_lead, [&](connection& conn) {
    if (prune) {
      statement(conn, "DELETE FROM spent_proofs WHERE expires_at < ?").bind(1, now_ms).step();
    }
    std::vector<bool> out;
    out.reserve(proofs.size());
    for (const auto& proof : proofs) {
      statement(conn,
                "INSERT INTO spent_proofs (nonce, expires_at) VALUES (?, ?) ON CONFLICT (nonce) "
                "DO NOTHING")
          .bind(1, proof.nonce)
          .bind(2, proof.expires_at_ms)
          .step();
      out.push_back(conn.changes() > 0);
    }
    return out;
  });
  if (prune) pruned_at_ = now_ms;
  return fresh;
}

}  // namespace landing::storage::sqlite
