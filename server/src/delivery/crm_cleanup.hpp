#pragma once

#include <atomic>
#include <chrono>
#include <random>
#include <vector>

#include "common/worker.hpp"
#include "delivery/backoff.hpp"
#include "delivery/erasable.hpp"
#include "storage/store.hpp"

// The CRM copies of erased leads (storage/erasure.hpp, crm_copy): personal data too, so each is
// deleted in its CRM, a while after the erasure (crm_copy_delay_ms: an attempt in flight then
// has ended). A copy the CRM keeps refusing is recorded as failed, never retried forever, and its
// erasure record says so for the studio to delete by hand.
namespace landing::delivery {

struct crm_cleanup_options {
  // How often the queue is looked at; erasures from the command line land there any time.
  std::chrono::milliseconds poll{std::chrono::seconds(10)};
  int attempts = 8;
  backoff_policy backoff{std::chrono::minutes(1), std::chrono::hours(6)};
};

// One pass over the due copies: each deleted through its channel, put off, or given up on.
// A copy whose channel is not configured now waits as a refusal would.
void clean_crm_copies(storage::lead_store& store, const std::vector<erasable*>& channels,
                      const crm_cleanup_options& options, std::mt19937_64& random,
                      const std::atomic<bool>& cancel);

// The passes on a thread of their own, on the leader only (as the chat's cleanup).
class crm_cleanup {
 public:
  crm_cleanup(storage::lead_store& store, std::vector<erasable*> channels,
              crm_cleanup_options options);
  crm_cleanup(const crm_cleanup&) = delete;
  crm_cleanup& operator=(const crm_cleanup&) = delete;
  ~crm_cleanup();
  void stop();

 private:
  storage::lead_store& store_;
  std::vector<erasable*> channels_;
  crm_cleanup_options options_;
  std::mt19937_64 random_{std::random_device{}()};
  std::atomic<bool> stopping_{false};
  worker thread_;  // last: stopped before the members it reads go
};

}  // namespace landing::delivery
