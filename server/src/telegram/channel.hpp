#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <string>

#include "delivery/backoff.hpp"
#include "delivery/channel.hpp"
#include "storage/chat_turn.hpp"
#include "storage/fault.hpp"
#include "telegram/chat.hpp"

namespace landing::telegram {

struct channel_options {
  // Telegram allows about one message per second into one chat: this long from the end of one
  // call to the start of the next, whichever replica makes them.
  std::chrono::milliseconds pacing{1000};
  // Who this sender is among the replicas, in the chat's turn; and how long its turn may last
  // (a Bot API call is bounded well below it).
  std::string owner = "outbox";
  std::chrono::milliseconds turn_hold{30000};
  // Telegram never gives up on a lead it could not take: it is retried with this backoff.
  delivery::backoff_policy backoff;
};

// The studio's chat as a channel: each lead's message (send_lead) with the «Беру» and «Спам»
// buttons, one sender at a time across replicas through the chat's turn in the store, paced.
class lead_channel : public delivery::channel {
 public:
  lead_channel(storage::chat_turn_role& turns, std::shared_ptr<chat_link> link,
               channel_options options);

  [[nodiscard]] std::string_view name() const override { return "telegram"; }
  std::int64_t take_turn(std::int64_t now_ms) override;
  void end_turn(std::int64_t ended_ms, const delivery::attempt_result* result) override;
  delivery::attempt_result send(const storage::claimed_delivery& item,
                                const std::atomic<bool>& cancel) override;
  std::optional<std::int64_t> retry_delay_ms(int attempt, std::mt19937_64& random) override;
  bool send_alert(const std::string& text, const std::atomic<bool>& cancel) override;

 private:
  storage::chat_turn_role& turns_;
  // A chat_link is one thread's (its curl handle): the worker's sends and the alerts' take turns.
  std::mutex link_mutex_;
  std::shared_ptr<chat_link> link_;
  channel_options options_;
};

// The Bot API's answer as the outbox's result.
delivery::attempt_result as_attempt(const send_result& sent, std::int64_t ended_ms);

}  // namespace landing::telegram
