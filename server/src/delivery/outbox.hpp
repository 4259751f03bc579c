#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "common/worker.hpp"
#include "delivery/backoff.hpp"
#include "delivery/channel.hpp"
#include "delivery/metrics.hpp"
#include "storage/store.hpp"

namespace landing::delivery {

struct outbox_options {
  // Who this worker is among the replicas, in the store's claims.
  std::string owner = "outbox";
  // How long a claimed row stays this worker's if it dies.
  std::chrono::milliseconds lease{30000};
  // Leads written by another process (`leads retry`, a replica) are noticed within this.
  std::chrono::milliseconds poll{1000};
  // Retrying an outcome the store could not record: first delay, doubling up to the cap.
  backoff_policy record_backoff{std::chrono::milliseconds(500), std::chrono::seconds(30)};
  // The outcomes of a batch (channel.hpp, batch_limit) go to the store when it ends, or sooner
  // once the oldest of them has waited this long, so a slow receiver's outcomes show soon.
  std::chrono::milliseconds record_within{1000};
  // Set for one worker only: the leads held while no channel was configured enter the outbox of
  // each of these channels before it sends (retried until the store takes the write).
  std::vector<std::string> release_held;
  // How long a lead is kept (--retention-days; 0: for ever). A lead older than that is the
  // retention pass's to erase, which runs hourly: until it does, the worker sends it nowhere.
  std::chrono::milliseconds keep_for{0};
};

// A lead one channel gave up on, or the channel itself turned off (alerts.hpp).
struct give_up {
  std::string channel;
  std::string lead_id;
  std::int64_t attempts = 0;
  std::string reason;
  bool channel_disabled = false;
};

// What the rest of the server hears of outcomes: the Telegram worker feeds the lead path's
// metrics, every worker feeds the alerts.
struct outbox_observer {
  std::function<void(double latency_ms)> delivered;
  std::function<void()> failed;
  std::function<void(const give_up&)> gave_up;
};

// Delivers one channel's pending rows, due first, from its own thread. The store holds the
// state, so a restart (even after kill -9) resumes where it stopped; with replicas, each row is
// claimed by one of them. While a backlog waits, a channel without turns claims a batch of rows
// at once and records their outcomes together; a lead the worker sent but had not recorded when
// it died is sent once more (receivers deduplicate by the lead's id), never lost.
//
// When the store cannot record an outcome (a full disk, a deleted file), the outcome is kept
// in memory and written again with backoff, and a lead known to be delivered is never sent again
// meanwhile; other leads keep going out.
class outbox_worker {
 public:
  outbox_worker(storage::lead_store& store, channel& target, outbox_options options,
                channel_metrics& metrics, outbox_observer observer = {});
  outbox_worker(const outbox_worker&) = delete;
  outbox_worker& operator=(const outbox_worker&) = delete;
  ~outbox_worker();

  void notify();  // a lead was committed
  void stop();
  // Outcomes sent or decided but not yet in the store.
  [[nodiscard]] std::size_t unrecorded() const { return unrecorded_count_.load(); }

 private:
  void run(worker::context& ctx);
  void step(worker::context& ctx);
  // A disabled channel sends nothing; its pending rows are marked disabled as they arrive.
  bool disabled();
  // Sends the batch in order and records the outcomes; what is not sent (shutdown, or the
  // batch's time is up) is released for the next claim.
  void deliver(const std::vector<storage::claimed_delivery>& batch, std::int64_t claimed_at);
  // Decides what the attempt's result means for the lead, and adds it to outcomes_.
  void settle(const storage::claimed_delivery& item, const attempt_result& result,
              const storage::attempt_record& attempt);
  // Leads not to claim now: settled in memory, or rescheduled in memory to a later time.
  [[nodiscard]] std::vector<std::string> held_back(std::int64_t now_ms) const;
  // Writes outcomes_ to the store, or keeps them in unrecorded_ when it refuses.
  void record();
  void flush_unrecorded();
  void sleep_until(worker::context& ctx, std::int64_t unix_ms);
  void report(const give_up& event);

  storage::lead_store& store_;
  channel& channel_;
  const std::string name_;
  outbox_options options_;
  channel_metrics& metrics_;
  outbox_observer observer_;
  std::mt19937_64 random_{std::random_device{}()};
  bool held_released_ = false;
  // Touched by the worker thread only.
  // The last batch was full: more is likely due, so the next step claims without asking first.
  bool backlog_ = false;
  // The channel's turn was refused until then (capped at a poll): no query before it.
  std::int64_t turn_wait_until_ = 0;
  // Decided in the batch at hand, not yet written.
  std::vector<storage::settlement> outcomes_;
  // Refused by the store, by lead.
  std::map<std::string, storage::settlement> unrecorded_;
  // Leads found past their retention period, left unsent for the retention pass to erase (held
  // back from every claim until then).
  std::set<std::string> past_retention_;
  int record_failures_ = 0;
  std::int64_t record_retry_at_ = 0;
  std::atomic<std::size_t> unrecorded_count_{0};
  // What a send in flight watches to give up at shutdown; set by stop().
  std::atomic<bool> stopping_{false};
  worker thread_;  // last: stopped before the members it reads go
};

}  // namespace landing::delivery
