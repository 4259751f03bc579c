#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>

#include "storage/outbox.hpp"

namespace landing::delivery {

// What one attempt to deliver a lead came to.
struct attempt_result {
  enum kind {
    delivered,
    retry,     // try again: at retry_at when the receiver named a time, else on the schedule
    failed,    // final for this lead on this channel
    disabled,  // the receiver asked to stop: the whole channel waits for an operator
  } outcome = retry;
  std::string reason;             // for operators (last_error, logs, alerts); never a secret
  std::string result;             // the delivery log's short form: "204", "smtp 451", "timeout"
  std::int64_t retry_at = 0;      // retry: unix ms the receiver asked for (Retry-After); 0: none
  storage::sent_message where{};  // delivered to Telegram: the message, for the reminder
};

// A place leads go (Telegram, a webhook, an inbox). The outbox worker (outbox.hpp) runs one per
// channel on its own thread, so a channel that is down for days never delays another.
class channel {
 public:
  channel() = default;
  channel(const channel&) = delete;
  channel& operator=(const channel&) = delete;
  virtual ~channel() = default;

  // The name in the outbox, logs, metrics and the command line: telegram, webhook, email.
  [[nodiscard]] virtual std::string_view name() const = 0;

  // Some receivers take one sender at a time across replicas (Telegram's chat): the worker asks
  // before it claims a lead, and hands the turn back after the attempt with the attempt's result.
  // Returns 0 when this worker may send now, else when to ask again (unix ms).
  virtual std::int64_t take_turn(std::int64_t /*now_ms*/) { return 0; }
  virtual void end_turn(std::int64_t /*ended_ms*/, const attempt_result* /*result*/) {}

  // How many due rows the worker claims at once when a backlog waits. A channel without turns
  // sends a batch in a row and its outcomes go to the store in one transaction, so a backlog
  // costs the database a few statements per batch rather than a few per lead (the intake writes
  // to the same database). A channel that takes turns needs one turn per send: it keeps 1.
  [[nodiscard]] virtual std::size_t batch_limit() const { return 1; }

  // One attempt; blocks at most the channel's own timeout, and gives up early when `cancel` is
  // set (shutdown). Throws nothing: every failure is a result.
  virtual attempt_result send(const storage::claimed_delivery& item,
                              const std::atomic<bool>& cancel) = 0;

  // The delay before retry number `attempt` (1-based: the first retry follows attempt 1), or
  // nothing when the channel gives up on the lead after `attempt` attempts.
  virtual std::optional<std::int64_t> retry_delay_ms(int attempt, std::mt19937_64& random) = 0;

  // A short line to the studio through this channel when another one gave up (alerts.hpp);
  // best effort, one attempt. A channel that cannot carry a free text line returns false.
  virtual bool send_alert(const std::string& /*text*/, const std::atomic<bool>& /*cancel*/) {
    return false;
  }
};

}  // namespace landing::delivery
