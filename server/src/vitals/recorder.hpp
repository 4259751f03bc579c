#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>

#include "common/worker.hpp"
#include "storage/store.hpp"
#include "storage/turns.hpp"
#include "vitals/aggregate.hpp"
#include "vitals/beacon.hpp"
#include "vitals/counters.hpp"
#include "vitals/funnel_beacon.hpp"

namespace landing::vitals {

struct recorder_options {
  // A batch is written once this many beacons are folded in, or `flush_every` after the first.
  std::size_t batch_beacons = 2048;
  std::chrono::milliseconds flush_every{1000};
  // Days of aggregates kept, today included.
  int retention_days = 90;
  std::chrono::minutes prune_every{60};
  // Today as a UTC day number; tests move the clock.
  std::function<std::int64_t()> today;
};

// Folds accepted beacons into the day's aggregates in memory as they come (on the caller's
// thread: the intake's, at low priority), and writes them from a thread of its own when no lead
// waits for the store (storage::turns). Memory stays bounded however slow the store is: the
// aggregates have one row per day, route, locale, device and metric, and bounded targets. Beacons
// of a batch the store refuses are counted as dropped; a lead never waits for one.
class recorder {
 public:
  recorder(storage::lead_store& store, storage::turns& turns, counters& stats,
           recorder_options options);
  recorder(const recorder&) = delete;
  recorder& operator=(const recorder&) = delete;
  ~recorder();

  // False once stopped (the beacon is dropped and counted).
  bool offer(const beacon& item);
  bool offer(const funnel_beacon& item);
  // Writes what is folded in, then ends the thread. Idempotent.
  void stop();

 private:
  void run(worker::context& ctx);
  [[nodiscard]] bool has_pending();
  [[nodiscard]] bool batch_full();
  struct batch {
    std::vector<storage::vitals_aggregate> rows;
    std::vector<storage::visit_count> visits;
    std::vector<storage::funnel_count> funnel;
    std::uint64_t beacons = 0;
  };
  template <typename Beacon>
  bool fold(const Beacon& item);
  void write(const batch& taken);
  void prune(std::int64_t today);

  storage::lead_store& store_;
  storage::turns& turns_;
  counters& stats_;
  recorder_options options_;
  // Beacons are refused once the thread is stopping, both under this lock, so none is folded in
  // after the thread's last take.
  std::mutex mutex_;
  aggregator pending_;
  std::uint64_t pending_beacons_ = 0;
  bool failing_ = false;  // logged once per run of failed writes
  worker thread_;         // last: stopped before the members it reads go
};

}  // namespace landing::vitals
