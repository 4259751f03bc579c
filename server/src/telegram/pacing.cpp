#include "telegram/pacing.hpp"

#include <algorithm>

#include "common/clock.hpp"
#include "telegram/chat.hpp"

namespace landing::telegram {

send_result paced(storage::chat_turn_role& store, const pacing_options& options,
                  const std::atomic<bool>& stopping, const std::function<send_result()>& call) {
  for (;;) {
    const auto at = clock::now_ms();
    const auto turn = store.take_turn(options.owner, at, options.turn_hold.count());
    if (turn.granted) break;
    if (!wait_until(std::min(turn.retry_at, at + options.poll.count()), stopping)) {
      return {send_result::transient, 0, "shutting down"};
    }
  }
  send_result result;
  try {
    result = call();
  } catch (...) {
    store.end_turn(options.owner, clock::now_ms() + options.pacing.count());
    throw;
  }
  const auto ended = clock::now_ms();
  auto next = ended + options.pacing.count();
  if (result.outcome == send_result::retry_after) {
    next = std::max(next, ended + result.retry_after_s * 1000);
  }
  store.end_turn(options.owner, next);
  return result;
}

}  // namespace landing::telegram
