#pragma once

#include <chrono>
#include <cstdint>

#include "common/worker.hpp"
#include "leads/metrics.hpp"
#include "storage/store.hpp"

// Storage limitation (GDPR Art. 5(1)(e); 152-FZ art. 5(7)): a lead is kept --retention-days
// from its arrival, then erased with everything hanging off it, delivered or not.
namespace landing::privacy {

struct retention_options {
  int days = 180;
  std::chrono::milliseconds every = std::chrono::hours(1);
  std::chrono::milliseconds follower_poll = std::chrono::seconds(5);  // not leading: look again
  int batch = 500;                                                    // leads per transaction
};

class retention {
 public:
  // Purges every `every` on a thread of its own; the owner calls purge_once() at start too, so a
  // server that restarts often still keeps to the period.
  retention(storage::lead_store& store, leads::lead_metrics& stats, retention_options options);
  retention(const retention&) = delete;
  retention& operator=(const retention&) = delete;
  ~retention();
  void stop();

  // One pass, on the calling thread: erases every lead older than the period (by the clock of
  // common/clock.hpp), in batches; only the leader among replicas does, so exactly one purges.
  // The leads erased, their bytes gone from the database's files (storage::erasure_role::
  // scrub_erased); a store that refuses is logged and tried again at the next pass.
  std::size_t purge_once();

 private:
  // Removes erased leads' bytes from the database's files; a failure is logged, and the next
  // pass tries again.
  void scrub();

  storage::lead_store& store_;
  leads::lead_metrics& stats_;
  retention_options options_;
  worker thread_;  // last: stopped before the members it reads go
};

}  // namespace landing::privacy
