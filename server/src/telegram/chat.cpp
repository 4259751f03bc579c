#include "telegram/chat.hpp"

#include <algorithm>
#include <thread>

#include "common/clock.hpp"
#include "common/log.hpp"

namespace landing::telegram {

bool wait_until(std::int64_t unix_ms, const std::atomic<bool>& cancel) {
  // Short slices: a shutdown is noticed within 50 ms, however long the pause.
  while (!cancel.load()) {
    const auto left = unix_ms - clock::now_ms();
    if (left <= 0) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min<std::int64_t>(left, 50)));
  }
  return false;
}

chat::chat(std::string id, std::function<void(const std::string&)> keep)
    : id_(std::move(id)), keep_(std::move(keep)) {}

std::string chat::id() const {
  const std::lock_guard lock(mutex_);
  return id_;
}

bool chat::is(std::int64_t chat_id) const { return id() == std::to_string(chat_id); }

void chat::move_to(std::int64_t new_id) {
  std::string was;
  {
    const std::lock_guard lock(mutex_);
    was = id_;
    id_ = std::to_string(new_id);
  }
  log::warn("telegram_chat_moved",
            {{"from", was},
             {"to", new_id},
             {"effect",
              "the group became a supergroup: messages go to the new id from now on; set "
              "TELEGRAM_CHAT_ID to it when convenient"}});
  try {
    if (keep_) keep_(std::to_string(new_id));
  } catch (const std::exception& e) {
    log::error("telegram_chat_not_kept",
               {{"reason", e.what()},
                {"effect", "the new id holds until a restart, which sends to the old one"}});
  }
}

void chat::pause_until(std::int64_t unix_ms) {
  auto seen = paused_until_.load();
  while (seen < unix_ms && !paused_until_.compare_exchange_weak(seen, unix_ms)) {
  }
}

chat_link::chat_link(const std::string& api_base, const std::string& token, chat& target,
                     std::chrono::milliseconds timeout)
    : client_(api_base, token, timeout), chat_(target) {}

call_answer chat_link::call(std::string_view method, const boost::json::object& body,
                            const std::atomic<bool>& cancel, std::chrono::milliseconds timeout) {
  if (!wait_until(chat_.paused_until(), cancel)) {
    return {{send_result::transient, 0, "shutting down"}, {}};
  }
  auto answer = client_.call(method, body, &cancel, timeout);
  if (answer.outcome.outcome == send_result::retry_after) {
    chat_.pause_until(clock::now_ms() + answer.outcome.retry_after_s * 1000);
    log::warn("telegram_rate_limited",
              {{"method", method}, {"retry_after_s", answer.outcome.retry_after_s}});
  }
  return answer;
}

send_result chat_link::to_chat(std::string_view method, boost::json::object body,
                               const std::atomic<bool>& cancel) {
  body["chat_id"] = chat_id_value(chat_.id());
  auto result = call(method, body, cancel).outcome;
  if (result.migrate_to_chat_id != 0) {
    chat_.move_to(result.migrate_to_chat_id);
    body["chat_id"] = result.migrate_to_chat_id;
    result = call(method, body, cancel).outcome;
  }
  return result;
}

send_result chat_link::send_message(std::string_view text, const boost::json::value& keyboard,
                                    std::int64_t reply_to, const std::atomic<bool>& cancel) {
  boost::json::object body{{"text", text}};
  if (!keyboard.is_null()) body["reply_markup"] = keyboard;
  if (reply_to != 0) {
    // The reply still goes if the lead's message was deleted meanwhile.
    body["reply_parameters"] = {{"message_id", reply_to}, {"allow_sending_without_reply", true}};
  }
  return to_chat("sendMessage", std::move(body), cancel);
}

send_result chat_link::edit_message(std::int64_t chat_id, std::int64_t message_id,
                                    std::string_view text, const boost::json::value& keyboard,
                                    const std::atomic<bool>& cancel) {
  boost::json::object body{{"chat_id", chat_id}, {"message_id", message_id}, {"text", text}};
  if (!keyboard.is_null()) body["reply_markup"] = keyboard;
  return call("editMessageText", body, cancel).outcome;
}

send_result chat_link::answer_click(std::string_view query_id, std::string_view text,
                                    const std::atomic<bool>& cancel) {
  return call("answerCallbackQuery", {{"callback_query_id", query_id}, {"text", text}}, cancel)
      .outcome;
}

}  // namespace landing::telegram
