#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <string>

#include "storage/chat_turn.hpp"
#include "telegram/bot_client.hpp"

namespace landing::telegram {

// One message a second to the chat, whoever sends it (the outbox, the desk, the cleanup) and on
// whichever replica: each call takes the chat's turn in the store first.
struct pacing_options {
  std::chrono::milliseconds pacing{1000};
  std::string owner;
  std::chrono::milliseconds turn_hold{30000};
  std::chrono::milliseconds poll{1000};  // how often a turn held by another is asked for again
};

// Takes the turn, makes the call and ends the turn `pacing` later (later still after a 429).
// A transient "shutting down" when `stopping` is set while it waits.
send_result paced(storage::chat_turn_role& store, const pacing_options& options,
                  const std::atomic<bool>& stopping, const std::function<send_result()>& call);

}  // namespace landing::telegram
