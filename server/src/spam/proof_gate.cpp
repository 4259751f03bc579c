#include "spam/proof_gate.hpp"

#include "common/prometheus.hpp"

namespace landing::spam {

std::string render(const proof_metrics& metrics) {
  using prometheus::sample;
  using prometheus::type;
  std::string out;
  type(out, "landing_proof_challenges_total", "counter");
  sample(out, "landing_proof_challenges_total", "outcome=\"issued\"",
         metrics.challenges_issued.load());
  sample(out, "landing_proof_challenges_total", "outcome=\"rate_limited\"",
         metrics.challenges_limited.load());
  sample(out, "landing_proof_challenges_total", "outcome=\"busy\"", metrics.challenges_busy.load());
  type(out, "landing_proofs_total", "counter");
  sample(out, "landing_proofs_total", "outcome=\"accepted\"", metrics.accepted.load());
  for (const auto& [reason, count] :
       {std::pair{"required", &metrics.required}, std::pair{"invalid", &metrics.invalid},
        std::pair{"expired", &metrics.expired}, std::pair{"reused", &metrics.reused}}) {
    sample(out, "landing_proofs_total",
           std::string("outcome=\"refused\",reason=\"") + reason + "\"", count->load());
  }
  type(out, "landing_unproven_form_leads_total", "counter");
  sample(out, "landing_unproven_form_leads_total", "", metrics.unproven_forms.load());
  return out;
}

std::int64_t spent_mark_until_ms(std::int64_t expires_at_s) {
  return (expires_at_s + 1) * 1000 + replica_clock_skew_ms;
}

proof_gate::answer proof_gate::check(const std::optional<std::string>& proof, bool form,
                                     std::int64_t now_s) {
  answer out;
  if (!proof || proof->empty()) {
    if (form && !forms_need_proof_) {
      out.unproven = true;
      return out;
    }
    metrics_.required.fetch_add(1, std::memory_order_relaxed);
    out.refused = "required";
    return out;
  }
  const auto checked = check_proof(*proof, keys_, now_s);
  switch (checked.verdict) {
    case proof_verdict::valid:
      out.nonce = checked.nonce;
      out.expires_at_ms = spent_mark_until_ms(checked.expires_at_s);
      return out;
    case proof_verdict::expired:
      metrics_.expired.fetch_add(1, std::memory_order_relaxed);
      out.refused = "expired";
      return out;
    case proof_verdict::invalid:
      break;
  }
  metrics_.invalid.fetch_add(1, std::memory_order_relaxed);
  out.refused = "invalid";
  return out;
}

}  // namespace landing::spam
