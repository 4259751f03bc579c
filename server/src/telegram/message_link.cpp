#include "telegram/message_link.hpp"

#include <cstdint>

namespace landing::telegram {

std::optional<std::string> message_link(const storage::sent_message& where) {
  // A supergroup's or channel's id in the Bot API is -10^12 minus its channel id (TDLib's
  // DialogId: ZERO_CHANNEL_ID - channel_id), read as "-100…" while the channel id has ten digits.
  constexpr std::int64_t channel_base = 1'000'000'000'000;
  if (where.message_id <= 0 || where.chat_id >= -channel_base) return std::nullopt;
  const auto channel = -where.chat_id - channel_base;
  return "https://t.me/c/" + std::to_string(channel) + "/" + std::to_string(where.message_id);
}

}  // namespace landing::telegram
