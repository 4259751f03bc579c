#include "telegram/channel.hpp"

#include <algorithm>

#include "common/clock.hpp"
#include "common/log.hpp"
#include "telegram/pacing.hpp"
#include "telegram/send_lead.hpp"

namespace landing::telegram {

lead_channel::lead_channel(storage::chat_turn_role& turns, std::shared_ptr<chat_link> link,
                           channel_options options)
    : turns_(turns), link_(std::move(link)), options_(std::move(options)) {}

std::int64_t lead_channel::take_turn(std::int64_t now_ms) {
  const auto turn = turns_.take_turn(options_.owner, now_ms, options_.turn_hold.count());
  return turn.granted ? 0 : std::max<std::int64_t>(turn.retry_at, now_ms + 1);
}

void lead_channel::end_turn(std::int64_t ended_ms, const delivery::attempt_result* result) {
  // After a call the next send to the chat, by any replica, waits the pacing, and longer after a
  // 429; a turn taken for nothing frees the chat at once.
  auto next_send = result ? ended_ms + options_.pacing.count() : 0;
  if (result && result->retry_at > next_send) next_send = result->retry_at;
  try {
    turns_.end_turn(options_.owner, next_send);
  } catch (const storage::error& e) {
    // The turn ends by itself when its hold passes; the pacing is then kept by that.
    log::warn("outbox_turn_not_ended", {{"reason", e.what()}});
  }
}

delivery::attempt_result as_attempt(const send_result& sent, std::int64_t ended_ms) {
  switch (sent.outcome) {
    case send_result::delivered:
      return {delivery::attempt_result::delivered, {}, "ok", 0, {sent.chat_id, sent.message_id}};
    case send_result::retry_after:
      return {delivery::attempt_result::retry, sent.reason, "429",
              ended_ms + sent.retry_after_s * 1000};
    case send_result::transient:
      return {delivery::attempt_result::retry, sent.reason, "error"};
    case send_result::permanent:
      return {delivery::attempt_result::failed, sent.reason, "refused"};
  }
  return {delivery::attempt_result::retry, sent.reason, "error"};
}

delivery::attempt_result lead_channel::send(const storage::claimed_delivery& item,
                                            const std::atomic<bool>& cancel) {
  const std::lock_guard lock(link_mutex_);
  const auto sent = send_lead(*link_, item.item, options_.pacing, cancel);
  return as_attempt(sent, clock::now_ms());
}

std::optional<std::int64_t> lead_channel::retry_delay_ms(int attempt, std::mt19937_64& random) {
  return delivery::backoff_delay(options_.backoff, attempt, random).count();
}

bool lead_channel::send_alert(const std::string& text, const std::atomic<bool>& cancel) {
  const pacing_options pacing{options_.pacing, options_.owner + "/alert", options_.turn_hold};
  // The lock inside the chat's turn, as the worker takes it: neither waits on the other's.
  const auto sent = paced(turns_, pacing, cancel, [&] {
    const std::lock_guard lock(link_mutex_);
    return link_->send_message(text, boost::json::value(), 0, cancel);
  });
  return sent.outcome == send_result::delivered;
}

}  // namespace landing::telegram
