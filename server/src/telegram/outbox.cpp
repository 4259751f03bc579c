#include "telegram/outbox.hpp"

#include <algorithm>

#include "common/log.hpp"
#include "leads/ulid.hpp"
#include "telegram/message.hpp"

namespace landing::telegram {
namespace {

std::int64_t now() { return static_cast<std::int64_t>(leads::now_ms()); }

}  // namespace

outbox_worker::outbox_worker(const std::string& db_path, sender send, outbox_options options,
                             http::metrics& stats)
    : store_(db_path), send_(std::move(send)), options_(options), stats_(stats) {
  thread_ = std::thread([this] { run(); });
}

outbox_worker::~outbox_worker() { stop(); }

void outbox_worker::notify() {
  {
    const std::lock_guard lock(mutex_);
    notified_ = true;
  }
  wake_.notify_one();
}

void outbox_worker::stop() {
  stopping_ = true;
  notify();
  if (thread_.joinable()) thread_.join();
}

void outbox_worker::sleep_until(std::int64_t unix_ms) {
  const auto wait = std::chrono::milliseconds(std::max<std::int64_t>(0, unix_ms - now()));
  std::unique_lock lock(mutex_);
  wake_.wait_for(lock, std::min(wait, options_.poll), [&] { return notified_ || stopping_; });
  notified_ = false;
}

void outbox_worker::run() {
  while (!stopping_) {
    std::optional<leads::lead> next;
    try {
      next = store_.next_pending();
    } catch (const std::exception& e) {
      log::error("outbox_read_failed", {{"reason", e.what()}});
      sleep_until(now() + options_.poll.count());
      continue;
    }
    if (!next) {
      sleep_until(now() + options_.poll.count());
      continue;
    }
    const auto due = std::max(
        {next->next_attempt_at, last_send_ms_ + options_.pacing.count(), paused_until_ms_});
    if (due > now()) {
      sleep_until(due);
      continue;
    }
    deliver(*next);
  }
}

void outbox_worker::deliver(const leads::lead& item) {
  const auto result = send_(format_message(item.fields, item.id), stopping_);
  last_send_ms_ = now();
  const auto attempt = static_cast<int>(item.attempts) + 1;
  try {
    switch (result.outcome) {
      case send_result::delivered: {
        store_.mark_delivered(item.id, last_send_ms_);
        const auto latency = static_cast<double>(last_send_ms_ - item.created_at);
        stats_.leads_delivered.fetch_add(1, std::memory_order_relaxed);
        stats_.observe_delivery_ms(latency);
        log::info("lead_delivered",
                  {{"id", item.id}, {"attempts", attempt}, {"latency_ms", latency}});
        return;
      }
      case send_result::retry_after: {
        // The limit is the chat's, not the lead's: hold every send until it passes.
        paused_until_ms_ = last_send_ms_ + result.retry_after_s * 1000;
        store_.reschedule(item.id, paused_until_ms_, result.reason);
        log::warn("delivery_rate_limited",
                  {{"id", item.id}, {"retry_after_s", result.retry_after_s}});
        return;
      }
      case send_result::transient: {
        const auto delay = backoff_delay(options_.backoff, attempt, random_).count();
        store_.reschedule(item.id, last_send_ms_ + delay, result.reason);
        log::warn("delivery_retry", {{"id", item.id},
                                     {"attempt", attempt},
                                     {"delay_ms", delay},
                                     {"reason", result.reason}});
        return;
      }
      case send_result::permanent:
        store_.mark_failed(item.id, result.reason);
        stats_.leads_failed.fetch_add(1, std::memory_order_relaxed);
        log::error("lead_failed", {{"id", item.id}, {"reason", result.reason}});
        return;
    }
  } catch (const std::exception& e) {
    // The send happened but its outcome was not recorded; the lead stays due and may be sent
    // again (at-least-once), which beats losing it.
    log::error("outbox_write_failed", {{"id", item.id}, {"reason", e.what()}});
  }
}

}  // namespace landing::telegram
