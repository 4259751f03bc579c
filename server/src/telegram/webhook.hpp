#pragma once

#include <atomic>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "common/worker.hpp"
#include "http/request.hpp"
#include "http/response.hpp"
#include "telegram/chat.hpp"
#include "telegram/desk.hpp"

namespace landing::telegram {

// POST /api/telegram/webhook, when --telegram-webhook-secret is set (then getUpdates is not
// used). Telegram sends the secret in X-Telegram-Bot-Api-Secret-Token: anything without it is
// 401. A click is handed to the desk on this endpoint's own thread, and the 200 goes only once
// the desk took it, so a click the store could not record is a 503 that Telegram sends again.
class webhook {
 public:
  webhook(std::string secret, desk& lead_desk, std::unique_ptr<chat_link> link,
          std::size_t queue_limit = 256);
  webhook(const webhook&) = delete;
  webhook& operator=(const webhook&) = delete;
  ~webhook();

  // Calls done exactly once, on any thread; req is valid only during this call.
  void handle(const http::request& req, std::function<void(http::response)> done);
  void stop();

 private:
  struct delivery {
    std::string body;
    std::function<void(http::response)> done;
  };
  void run(worker::context& ctx);

  std::string secret_;
  desk& desk_;
  std::unique_ptr<chat_link> link_;
  std::size_t queue_limit_;
  // stopping_ is set under this lock, where the thread looks last at the queue, so nothing is
  // queued that it will not answer.
  std::mutex mutex_;
  std::deque<delivery> queue_;
  // Also what the desk's calls watch to give up at shutdown.
  std::atomic<bool> stopping_{false};
  worker thread_;  // last: stopped before the members it reads go
};

// Compares in time that depends on the expected secret's length only, never on where the two
// first differ.
bool same_secret(std::string_view given, std::string_view expected);

// What Telegram accepts as a secret_token: 1 to 256 of A-Z, a-z, 0-9, _ and -.
bool valid_secret(std::string_view secret);

}  // namespace landing::telegram
