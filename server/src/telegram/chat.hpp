#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

#include "storage/triage.hpp"
#include "telegram/bot_client.hpp"

// The studio's chat as every Bot API caller of this process shares it: which chat it is (a group
// Telegram upgraded to a supergroup gets a new id), and the pause after a 429, which holds every
// call, whichever thread makes it.
namespace landing::telegram {

class chat {
 public:
  // `keep` stores a new id durably (the store's setting), so a restart sends there too.
  chat(std::string id, std::function<void(const std::string&)> keep);

  [[nodiscard]] std::string id() const;
  // Whether a click came from a message in this chat.
  [[nodiscard]] bool is(std::int64_t chat_id) const;
  // Telegram moved the group: from now on every call goes to `new_id`.
  void move_to(std::int64_t new_id);

  void pause_until(std::int64_t unix_ms);
  [[nodiscard]] std::int64_t paused_until() const { return paused_until_.load(); }

 private:
  mutable std::mutex mutex_;
  std::string id_;
  std::function<void(const std::string&)> keep_;
  std::atomic<std::int64_t> paused_until_{0};
};

// One thread's way to the chat: its own bot_client, the shared chat. Every call first waits out
// a 429 pause; a 429 pauses every caller for its retry_after; a call to the chat that Telegram
// answers with migrate_to_chat_id moves the chat and goes again, to the new id, at once.
class chat_link {
 public:
  chat_link(const std::string& api_base, const std::string& token, chat& target,
            std::chrono::milliseconds timeout);

  call_answer call(std::string_view method, const boost::json::object& body,
                   const std::atomic<bool>& cancel,
                   std::chrono::milliseconds timeout = std::chrono::milliseconds(0));
  // `body` without chat_id: the chat's current id goes in.
  send_result to_chat(std::string_view method, boost::json::object body,
                      const std::atomic<bool>& cancel);

  // The chat's methods. `keyboard` is a reply_markup (null for none).
  send_result send_message(std::string_view text, const boost::json::value& keyboard,
                           std::int64_t reply_to, const std::atomic<bool>& cancel);
  send_result edit_message(std::int64_t chat_id, std::int64_t message_id, std::string_view text,
                           const boost::json::value& keyboard, const std::atomic<bool>& cancel);
  // A toast under the button; never paced (it is not a message in the chat).
  send_result answer_click(std::string_view query_id, std::string_view text,
                           const std::atomic<bool>& cancel);

  [[nodiscard]] chat& target() { return chat_; }

 private:
  bot_client client_;
  chat& chat_;
};

// Waits until `unix_ms` or until `cancel` is set; false when cancelled.
bool wait_until(std::int64_t unix_ms, const std::atomic<bool>& cancel);

}  // namespace landing::telegram
