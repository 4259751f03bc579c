#include "webhook/channel.hpp"

#include "common/clock.hpp"
#include "delivery/schedule.hpp"
#include "webhook/payload.hpp"
#include "webhook/signature.hpp"

namespace landing::webhook {

outbound::header_list signed_headers(const std::vector<secret>& keys, const std::string& id,
                                     std::int64_t timestamp_s, const std::string& body) {
  return {{"content-type", "application/json"},
          {"webhook-id", id},
          {"webhook-timestamp", std::to_string(timestamp_s)},
          {"webhook-signature", signature_header(keys, id, timestamp_s, body)}};
}

delivery::attempt_result interpret(const outbound::answer& got, std::int64_t now_ms) {
  using delivery::attempt_result;
  if (got.status == 0) {
    return {attempt_result::retry, got.error_class + ": " + got.error, got.error_class};
  }
  const auto code = std::to_string(got.status);
  if (got.status >= 200 && got.status < 300) return {attempt_result::delivered, {}, code};
  if (got.status == 410) {
    return {attempt_result::disabled, "HTTP 410: the receiver asked to stop", code};
  }
  attempt_result out{attempt_result::retry, "HTTP " + code, code};
  if (got.status >= 300 && got.status < 400) {
    out.reason += " (a redirect is not followed: point --webhook-url at its target)";
  }
  if (got.status == 429 || got.status == 502 || got.status == 503 || got.status == 504) {
    if (const auto wait = delivery::retry_after_ms(got.retry_after, now_ms))
      out.retry_at = now_ms + *wait;
  }
  return out;
}

lead_channel::lead_channel(channel_options options)
    : options_(std::move(options)), http_(options_.http) {}

outbound::answer lead_channel::deliver(const std::string& id, const std::string& body,
                                       std::int64_t now_ms, const std::atomic<bool>& cancel) {
  const std::lock_guard lock(http_mutex_);
  return http_.post(options_.url, signed_headers(options_.secrets, id, now_ms / 1000, body), body,
                    cancel);
}

delivery::attempt_result lead_channel::send(const storage::claimed_delivery& item,
                                            const std::atomic<bool>& cancel) {
  const auto now = clock::now_ms();
  const auto got = deliver(item.item.id, lead_body(item.item, now), now, cancel);
  return interpret(got, clock::now_ms());
}

std::optional<std::int64_t> lead_channel::retry_delay_ms(int attempt, std::mt19937_64& random) {
  return delivery::retry_delay_ms(attempt, random);
}

bool lead_channel::send_alert(const std::string& text, const std::atomic<bool>& cancel) {
  const auto now = clock::now_ms();
  // An id of its own per alert: receivers deduplicate by webhook-id.
  const auto got = deliver("alert-" + std::to_string(now), alert_body(text, now), now, cancel);
  return got.status >= 200 && got.status < 300;
}

}  // namespace landing::webhook
