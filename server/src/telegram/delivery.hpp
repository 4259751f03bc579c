#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>

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

// The outbox's hand-off to the chat: send_lead over a link of its own, for as long as the
// returned function lives.
std::function<send_result(const storage::lead&, const std::atomic<bool>&)> lead_sender(
    std::shared_ptr<chat_link> link, std::chrono::milliseconds pacing);

}  // namespace landing::telegram
