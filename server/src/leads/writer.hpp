#pragma once

#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "common/worker.hpp"
#include "leads/rate_limit.hpp"
#include "storage/store.hpp"
#include "storage/turns.hpp"

namespace landing::leads {

// The single writer. Requests queue their leads here; the writer thread commits everything
// queued so far in one transaction, so with many clients one fsync covers many leads (group
// commit) and the store never sees competing writers from this process.
class lead_writer {
 public:
  struct outcome {
    // proof_reused: its proof of work was spent already (by another lead, here or in another
    // replica); nothing was stored.
    enum kind { stored, rate_limited, proof_reused, unavailable } what = unavailable;
    std::string id;                  // stored
    std::int64_t retry_after_s = 0;  // rate_limited
    bool repeated = false;           // stored, as spam: its message came from too many addresses
  };
  using callback = std::function<void(outcome)>;

  // Each batch first asks `limits` which clients may send (so a shared limit costs one round
  // trip per batch, not per lead), then spends the proofs of work the rest carry (one more),
  // files as spam the messages sent from too many addresses (one more),
  // then stores the leads whose proof was fresh, or had none, in one transaction, taking the
  // store's write turn as a lead (before any Web Vitals batch) when `turns` is given. `channels`:
  // where each lead goes (an outbox row for each); none holds the leads.
  // `unproven`, when given, is the limit of the forms sent without a proof of work (no
  // JavaScript), asked for those leads only, after `limits`: shared between replicas as that one
  // is.
  lead_writer(storage::lead_store& store, limiter& limits, std::vector<std::string> channels,
              std::function<void()> on_commit, storage::turns* turns = nullptr,
              limiter* unproven = nullptr);
  lead_writer(const lead_writer&) = delete;
  lead_writer& operator=(const lead_writer&) = delete;
  ~lead_writer();

  void submit(storage::new_lead item, callback done);
  // Commits whatever is queued, then ends the thread. Idempotent.
  void stop();

 private:
  void run(worker::context& ctx);
  void commit(std::vector<std::pair<storage::new_lead, callback>>& batch);
  // Spends the proofs `leads` carry, answers each lead whose proof was spent already, and takes
  // it out of `leads` and `positions`; false when the store could not say (every lead answered).
  bool spend_proofs(std::vector<storage::new_lead>& leads, std::vector<std::size_t>& positions,
                    const std::function<void(std::size_t, outcome)>& answer);
  // Files as spam each lead whose message key (spam/repeats.hpp) reached its third address
  // within a day, counting the batch itself; which ones, in order.
  std::vector<bool> file_repeats(std::vector<storage::new_lead>& leads);

  storage::lead_store& store_;
  limiter& limits_;
  limiter* unproven_;
  std::vector<std::string> channels_;
  std::function<void()> on_commit_;
  storage::turns* turns_;
  // Leads are refused once the thread is stopping, both under this lock, so none is queued after
  // the thread's last look.
  std::mutex mutex_;
  std::vector<std::pair<storage::new_lead, callback>> queue_;
  worker thread_;  // last: stopped before the members it reads go
};

}  // namespace landing::leads
