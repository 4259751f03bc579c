#pragma once

#include <cstdint>
#include <string>

namespace landing::storage {

// The chat's turn: one owner at a time may call the Bot API, and not before the chat's next
// allowed send, whichever replica sends.
class chat_turn_role {
 public:
  chat_turn_role() = default;
  chat_turn_role(const chat_turn_role&) = delete;
  chat_turn_role& operator=(const chat_turn_role&) = delete;
  virtual ~chat_turn_role() = default;

  // granted, or the time (unix ms) worth asking again.
  struct turn {
    bool granted = false;
    std::int64_t retry_at = 0;
  };
  // hold_ms bounds the turn if its owner dies during the call.
  virtual turn take_turn(const std::string& owner, std::int64_t now_ms, std::int64_t hold_ms) = 0;
  // Ends the owner's turn; no send to the chat before next_send_ms, whoever sends.
  virtual void end_turn(const std::string& owner, std::int64_t next_send_ms) = 0;
};

}  // namespace landing::storage
