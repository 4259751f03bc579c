#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "delivery/channel.hpp"
#include "outbound/client.hpp"
#include "webhook/secret.hpp"

namespace landing::webhook {

struct channel_options {
  std::string url;
  // The current secret first; during a rotation the previous one after it, so every delivery
  // carries both signatures until the operator drops the old one.
  std::vector<secret> secrets;
  outbound::client_options http;
};

// The answer to one delivery as the outbox's result: 2xx delivered; 410 turns the channel off;
// 429, 502, 503 and 504 come again when Retry-After says (else on the schedule); anything else,
// a 3xx included, and no answer at all, on the schedule.
delivery::attempt_result interpret(const outbound::answer& got, std::int64_t now_ms);

// Standard Webhooks 1.0 as a channel: each lead signed, webhook-id its id on every attempt, a
// fresh webhook-timestamp on each.
class lead_channel : public delivery::channel {
 public:
  explicit lead_channel(channel_options options);

  [[nodiscard]] std::string_view name() const override { return "webhook"; }
  // Sends go one after another with no turn to wait for (channel.hpp).
  [[nodiscard]] std::size_t batch_limit() const override { return 32; }
  delivery::attempt_result send(const storage::claimed_delivery& item,
                                const std::atomic<bool>& cancel) override;
  std::optional<std::int64_t> retry_delay_ms(int attempt, std::mt19937_64& random) override;
  bool send_alert(const std::string& text, const std::atomic<bool>& cancel) override;

  // One signed POST of `body` as message `id`, with the attempt's time; for the worker, the
  // alerts and `webhook test`.
  outbound::answer deliver(const std::string& id, const std::string& body, std::int64_t now_ms,
                           const std::atomic<bool>& cancel);

 private:
  channel_options options_;
  // The worker's sends and the alerts' come from two threads; one curl handle serves both.
  std::mutex http_mutex_;
  outbound::client http_;
};

// The headers of one delivery (webhook-id, webhook-timestamp, webhook-signature, content-type).
outbound::header_list signed_headers(const std::vector<secret>& keys, const std::string& id,
                                     std::int64_t timestamp_s, const std::string& body);

}  // namespace landing::webhook
