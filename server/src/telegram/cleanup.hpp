#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>

#include "common/worker.hpp"
#include "delivery/backoff.hpp"
#include "storage/store.hpp"
#include "telegram/chat.hpp"
#include "telegram/pacing.hpp"

// The chat copies of erased leads (storage/erasure.hpp): personal data too, so each is deleted
// while Telegram still lets a bot delete its message (48 hours), or edited after that to a line
// without personal data. Paced with every other message to the chat; a copy Telegram keeps
// refusing is recorded as failed, never retried forever.
namespace landing::telegram {

struct cleanup_options {
  pacing_options pacing{std::chrono::milliseconds(1000), "cleanup"};
  // How often the queue is looked at; erasures from the command line land there any time.
  std::chrono::milliseconds poll{std::chrono::seconds(5)};
  int attempts = 5;
  delivery::backoff_policy backoff{std::chrono::seconds(5), std::chrono::minutes(30)};
  // A little inside Telegram's 48 hours, so a delete is not refused by the time it arrives.
  std::chrono::milliseconds delete_window{std::chrono::hours(47)};
};

// What becomes of a copy sent at `sent_at`: deleted within the window, else edited.
enum class cleanup_action { remove, blank };
cleanup_action action_for(std::int64_t sent_at, std::int64_t now, std::chrono::milliseconds window);
// The line an old copy is edited to: the id and why, nothing about the person.
std::string blank_text(const std::string& lead_id, const std::string& reason);

class chat_cleanup {
 public:
  using link_factory = std::function<std::unique_ptr<chat_link>()>;

  chat_cleanup(storage::lead_store& store, link_factory make_link, cleanup_options options);
  chat_cleanup(const chat_cleanup&) = delete;
  chat_cleanup& operator=(const chat_cleanup&) = delete;
  ~chat_cleanup();
  void stop();

 private:
  void pass();
  void clean(const storage::chat_copy& copy);
  send_result remove(const storage::chat_copy& copy);
  send_result blank(const storage::chat_copy& copy);

  storage::lead_store& store_;
  link_factory make_link_;
  cleanup_options options_;
  std::unique_ptr<chat_link> link_;  // the cleanup thread's
  std::mt19937_64 random_{std::random_device{}()};
  std::atomic<bool> stopping_{false};
  worker thread_;  // last: stopped before the members it reads go
};

}  // namespace landing::telegram
