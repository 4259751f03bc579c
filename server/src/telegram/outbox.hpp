#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <random>
#include <string>

#include "common/worker.hpp"
#include "leads/metrics.hpp"
#include "storage/store.hpp"
#include "telegram/backoff.hpp"
#include "telegram/bot_client.hpp"

namespace landing::telegram {

struct outbox_options {
  // Telegram allows about one message per second into one chat: this long from the end of one
  // call to the start of the next, whichever replica makes them.
  std::chrono::milliseconds pacing{1000};
  // Who this outbox is among the replicas, in the store's claims and the chat's turn.
  std::string owner = "outbox";
  // How long a claimed lead stays this outbox's if it dies; and how long its turn at the chat
  // may last (a Bot API call is bounded well below it).
  std::chrono::milliseconds lease{30000};
  std::chrono::milliseconds turn_hold{30000};
  backoff_policy backoff;
  // Leads written by another process (`leads retry`) are noticed within this.
  std::chrono::milliseconds poll{1000};
  // Retrying an outcome the store could not record: first delay, doubling up to the cap.
  backoff_policy record_backoff{std::chrono::milliseconds(500), std::chrono::seconds(30)};
};

// Delivers pending leads one at a time, oldest due first, from its own thread. The store holds
// the state, so a restart (even after kill -9) resumes where it stopped; with replicas, each lead
// is claimed by one of them, and the chat's turn and pacing are shared through the store.
//
// When the store cannot record an outcome (a full disk, a deleted file), the outcome is kept
// in memory and written again with backoff, and a lead known to be delivered is never sent again
// meanwhile; other leads keep going out.
class outbox_worker {
 public:
  // Sends one lead's message (send_lead); the result names the message, for the reminder.
  using sender = std::function<send_result(const storage::lead&, const std::atomic<bool>&)>;

  // Leads held while Telegram was not configured are released first (retried until the store
  // takes the write).
  outbox_worker(storage::lead_store& store, sender send, outbox_options options,
                leads::lead_metrics& stats);
  outbox_worker(const outbox_worker&) = delete;
  outbox_worker& operator=(const outbox_worker&) = delete;
  ~outbox_worker();

  void notify();  // a lead was committed
  void stop();
  // Outcomes sent or decided but not yet in the store.
  [[nodiscard]] std::size_t unrecorded() const { return unrecorded_count_.load(); }

 private:
  struct outcome {
    enum kind { delivered, failed, rescheduled } what = rescheduled;
    std::int64_t at = 0;  // delivered: when; rescheduled: the next attempt
    std::string reason;
    storage::sent_message where{};  // delivered: the message in the chat
  };

  void run(worker::context& ctx);
  void step(worker::context& ctx);
  void deliver(const storage::lead& item);
  // Leads not to claim now: settled in memory, or rescheduled in memory to a later time.
  [[nodiscard]] std::vector<std::string> held_back(std::int64_t now_ms) const;
  void record(const storage::lead& item, outcome result);
  void apply(const std::string& id, const outcome& result);
  void flush_unrecorded();
  void sleep_until(worker::context& ctx, std::int64_t unix_ms);

  storage::lead_store& store_;
  sender send_;
  outbox_options options_;
  leads::lead_metrics& stats_;
  std::mt19937_64 random_{std::random_device{}()};
  bool held_released_ = false;
  // Touched by the worker thread only.
  std::map<std::string, outcome> unrecorded_;
  int record_failures_ = 0;
  std::int64_t record_retry_at_ = 0;
  std::atomic<std::size_t> unrecorded_count_{0};
  // What a send in flight watches to give up at shutdown; set by stop().
  std::atomic<bool> stopping_{false};
  worker thread_;  // last: stopped before the members it reads go
};

}  // namespace landing::telegram
