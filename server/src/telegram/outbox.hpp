#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <random>
#include <string>
#include <thread>

#include "http/metrics.hpp"
#include "leads/store.hpp"
#include "telegram/backoff.hpp"
#include "telegram/bot_client.hpp"

namespace landing::telegram {

struct outbox_options {
  // Telegram allows about one message per second into one chat.
  std::chrono::milliseconds pacing{1000};
  backoff_policy backoff;
  // Leads written by another process (`leads retry`) are noticed within this.
  std::chrono::milliseconds poll{1000};
};

// Delivers pending leads one at a time, oldest due first, from its own thread and database
// connection. State lives in the database only, so a restart (even after kill -9) resumes.
class outbox_worker {
 public:
  using sender = std::function<send_result(const std::string& text, const std::atomic<bool>&)>;

  outbox_worker(const std::string& db_path, sender send, outbox_options options,
                http::metrics& stats);
  outbox_worker(const outbox_worker&) = delete;
  outbox_worker& operator=(const outbox_worker&) = delete;
  ~outbox_worker();

  void notify();  // a lead was committed
  void stop();

 private:
  void run();
  void deliver(const leads::lead& item);
  void sleep_until(std::int64_t unix_ms);

  leads::lead_store store_;
  sender send_;
  outbox_options options_;
  http::metrics& stats_;
  std::mt19937_64 random_{std::random_device{}()};
  std::int64_t last_send_ms_ = 0;
  std::int64_t paused_until_ms_ = 0;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool notified_ = false;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace landing::telegram
