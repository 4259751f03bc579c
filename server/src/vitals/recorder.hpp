#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "storage/store.hpp"
#include "storage/turns.hpp"
#include "vitals/beacon.hpp"
#include "vitals/counters.hpp"

namespace landing::vitals {

struct recorder_options {
  // Beacons waiting for the writer at most; past it they are dropped and counted.
  std::size_t queue_capacity = 8192;
  // A batch is written once this many beacons wait, or `flush_every` after the first one came.
  std::size_t batch_beacons = 2048;
  std::chrono::milliseconds flush_every{1000};
  // Days of aggregates kept, today included.
  int retention_days = 90;
  std::chrono::minutes prune_every{60};
  // Today as a UTC day number; tests move the clock.
  std::function<std::int64_t()> today;
};

// Takes accepted beacons off the request path: a bounded queue that never blocks an I/O thread,
// and a thread of its own that folds each batch into aggregates and writes them when no lead
// waits for the store (storage::turns). Beacons lost to a full queue or a failed write are
// counted as dropped; a lead never is.
class recorder {
 public:
  recorder(storage::lead_store& store, storage::turns& turns, counters& stats,
           recorder_options options);
  recorder(const recorder&) = delete;
  recorder& operator=(const recorder&) = delete;
  ~recorder();

  // False when the queue is full (the beacon is dropped and counted).
  bool offer(beacon item);
  // Writes what is queued, then ends the thread. Idempotent.
  void stop();

 private:
  void run();
  void write(std::vector<beacon>& batch);
  void prune(std::int64_t today);

  storage::lead_store& store_;
  storage::turns& turns_;
  counters& stats_;
  recorder_options options_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<beacon> queue_;
  bool stopping_ = false;
  bool failing_ = false;  // logged once per run of failed writes
  std::thread thread_;
};

// The UTC day number of now.
std::int64_t utc_day_now();

}  // namespace landing::vitals
