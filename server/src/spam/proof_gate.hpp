#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "spam/proof_of_work.hpp"

namespace landing::spam {

// What /metrics counts of challenges and proofs (landing_proof_*).
struct proof_metrics {
  std::atomic<std::int64_t> challenges_issued{0};
  std::atomic<std::int64_t> challenges_limited{0};
  std::atomic<std::int64_t> challenges_busy{0};  // refused: the queue of challenges to make full
  std::atomic<std::int64_t> accepted{0};
  std::atomic<std::int64_t> required{0};
  std::atomic<std::int64_t> invalid{0};
  std::atomic<std::int64_t> expired{0};
  std::atomic<std::int64_t> reused{0};
  std::atomic<std::int64_t> unproven_forms{0};  // form posts taken without a proof
};
std::string render(const proof_metrics& metrics);

// A challenge is valid through the whole second its expiresAt names (check_proof compares
// seconds); a spent mark is kept that second and a margin for replicas whose clocks run behind
// this one's, so a proof spent here cannot be spent again there in its last valid moment.
inline constexpr std::int64_t replica_clock_skew_ms = 120'000;
std::int64_t spent_mark_until_ms(std::int64_t expires_at_s);

// The contact endpoint's question about a lead's proof of work. A lead posted by the page's
// script must carry one; a form posted without JavaScript cannot solve anything, so it is taken
// without one (under a limit of its own, and marked) unless the studio asks for proofs there too.
class proof_gate {
 public:
  proof_gate(proof_keys keys, bool forms_need_proof, proof_metrics& metrics)
      : keys_(std::move(keys)), forms_need_proof_(forms_need_proof), metrics_(metrics) {}

  struct answer {
    std::optional<std::string> refused;  // the `proof` field's code: required, invalid, expired
    std::string nonce;                   // a valid proof's: spent when its lead is stored
    // Until when its spent mark is kept: past the last moment any replica accepts the proof.
    std::int64_t expires_at_ms = 0;
    bool unproven = false;  // a form taken without a proof
  };
  // Whether the lead's proof lets it through ("reused" is the store's to say, when it is spent).
  answer check(const std::optional<std::string>& proof, bool form, std::int64_t now_s);
  [[nodiscard]] proof_metrics& metrics() const { return metrics_; }
  [[nodiscard]] bool forms_need_proof() const { return forms_need_proof_; }
  [[nodiscard]] const proof_keys& keys() const { return keys_; }

 private:
  proof_keys keys_;
  bool forms_need_proof_;
  proof_metrics& metrics_;
};

}  // namespace landing::spam
