#pragma once

#include <atomic>
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
  // How often the thread looks whether it leads and a pass is due.
  std::chrono::milliseconds follower_poll = std::chrono::seconds(5);
  int batch = 500;  // leads per transaction
};

class retention {
 public:
  // Purges on a thread of its own once it leads, then every `every`; the owner calls
  // purge_once() at start too, so a server that restarts often still keeps to the period.
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
  // Whether `every` has passed since the last pass made as leader, or none was made.
  [[nodiscard]] bool due() const;

  static constexpr std::int64_t never = -1;

  storage::lead_store& store_;
  leads::lead_metrics& stats_;
  retention_options options_;
  // When the last pass made as leader began (steady clock ticks): the owner's at start, the
  // thread's, or a test's.
  std::atomic<std::int64_t> last_pass_{never};
  worker thread_;  // last: stopped before the members it reads go
};

}  // namespace landing::privacy
