#include "storage/sqlite/chat_turn.hpp"

#include <algorithm>

namespace landing::storage::sqlite {

chat_turn_role::turn chat_turn_memory::take_turn(const std::string& owner, std::int64_t now_ms,
                                                 std::int64_t hold_ms) {
  const std::lock_guard lock(mutex_);
  const bool held_by_other = !turn_owner_.empty() && turn_owner_ != owner && turn_until_ > now_ms;
  if (held_by_other) return {false, turn_until_};
  if (next_send_at_ > now_ms) return {false, next_send_at_};
  turn_owner_ = owner;
  turn_until_ = now_ms + hold_ms;
  return {true, 0};
}

void chat_turn_memory::end_turn(const std::string& owner, std::int64_t next_send_ms) {
  const std::lock_guard lock(mutex_);
  next_send_at_ = std::max(next_send_at_, next_send_ms);
  if (turn_owner_ == owner) {
    turn_owner_.clear();
    turn_until_ = 0;
  }
}

}  // namespace landing::storage::sqlite
