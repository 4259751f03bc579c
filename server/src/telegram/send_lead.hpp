#pragma once

#include <atomic>
#include <chrono>

#include "storage/lead.hpp"
#include "telegram/bot_client.hpp"
#include "telegram/chat.hpp"

namespace landing::telegram {

// Sends a lead's message to the chat: its parts in order (message_parts), `pacing` apart, with the
// «Беру» and «Спам» buttons on the last. The result is the last part's, with its message id and
// chat; the first part that fails ends the send with its failure, and a retry sends every part
// again.
send_result send_lead(chat_link& link, const storage::lead& item, std::chrono::milliseconds pacing,
                      const std::atomic<bool>& cancel);

}  // namespace landing::telegram
