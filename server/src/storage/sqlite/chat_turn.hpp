#pragma once

#include <cstdint>
#include <mutex>
#include <string>

#include "storage/chat_turn.hpp"

namespace landing::storage::sqlite {

// The chat's turn for the one process that owns an SQLite file: in memory, no write needed.
class chat_turn_memory : public virtual chat_turn_role {
 public:
  turn take_turn(const std::string& owner, std::int64_t now_ms, std::int64_t hold_ms) override;
  void end_turn(const std::string& owner, std::int64_t next_send_ms) override;

 private:
  std::mutex mutex_;
  std::string turn_owner_;
  std::int64_t turn_until_ = 0;
  std::int64_t next_send_at_ = 0;
};

}  // namespace landing::storage::sqlite
