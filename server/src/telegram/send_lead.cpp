#include "telegram/send_lead.hpp"

#include <charconv>

#include "common/clock.hpp"
#include "telegram/keyboard.hpp"
#include "telegram/message.hpp"

namespace landing::telegram {

send_result send_lead(chat_link& link, const storage::lead& item, std::chrono::milliseconds pacing,
                      const std::atomic<bool>& cancel) {
  const auto parts = message_parts(item);
  send_result result;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) {
      const auto next = clock::now_ms() + pacing.count();
      if (!wait_until(next, cancel)) return {send_result::transient, 0, "shutting down"};
    }
    const bool last = i + 1 == parts.size();
    result = link.send_message(parts[i], last ? keyboard("new", item.id) : boost::json::value(), 0,
                               cancel);
    if (result.outcome != send_result::delivered) return result;
  }
  const auto chat = link.target().id();
  std::from_chars(chat.data(), chat.data() + chat.size(), result.chat_id);
  return result;
}

}  // namespace landing::telegram
