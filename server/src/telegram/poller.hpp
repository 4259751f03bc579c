#pragma once

#include <atomic>
#include <boost/json/object.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <random>
#include <string>

#include "common/worker.hpp"
#include "delivery/backoff.hpp"
#include "storage/store.hpp"
#include "telegram/chat.hpp"
#include "telegram/desk.hpp"

namespace landing::telegram {

// How the chat's clicks reach this process, as /healthz shows it under "telegram_updates".
class update_status {
 public:
  enum class mode { polling, conflict, failing, webhook, standby };
  void set(mode now, std::string reason = {});
  [[nodiscard]] boost::json::object report() const;

 private:
  mutable std::mutex mutex_;
  mode mode_ = mode::polling;
  std::string reason_;
  std::int64_t since_ = 0;
};

struct poller_options {
  // getUpdates waits this long for a click before answering empty.
  std::chrono::seconds long_poll{25};
  // After a failed getUpdates (409 included): doubling from base up to cap, never a busy loop.
  delivery::backoff_policy backoff{std::chrono::seconds(1), std::chrono::seconds(60)};
  // A replica that does not lead checks again this often.
  std::chrono::milliseconds standby{1000};
};

// The store's key for the next update to fetch.
inline constexpr const char* offset_setting = "telegram.update_offset";

// Long polling with getUpdates (allowed_updates: callback queries), from a thread of its own, on
// the leading replica only (Telegram allows one consumer). Each batch's clicks go to the desk, and
// only then is the next offset stored: a restart, even after kill -9, fetches again what was not
// stored, and the desk knows a click it already counted.
class update_poller {
 public:
  update_poller(storage::lead_store& store, desk& lead_desk, std::unique_ptr<chat_link> link,
                poller_options options, update_status& status);
  update_poller(const update_poller&) = delete;
  update_poller& operator=(const update_poller&) = delete;
  ~update_poller();
  void stop();

 private:
  void run();
  void poll_once();
  void fail(update_status::mode mode, const std::string& reason);

  storage::lead_store& store_;
  desk& desk_;
  std::unique_ptr<chat_link> link_;
  poller_options options_;
  update_status& status_;
  std::mt19937_64 random_{std::random_device{}()};
  std::int64_t offset_ = -1;  // -1: not read from the store yet
  int failures_ = 0;
  // What the long poll and the waits watch to give up at shutdown; set by stop().
  std::atomic<bool> stopping_{false};
  worker thread_;  // last: stopped before the members it reads go
};

}  // namespace landing::telegram
