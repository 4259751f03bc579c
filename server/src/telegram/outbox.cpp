#include "telegram/outbox.hpp"

#include <algorithm>
#include <limits>

#include "common/clock.hpp"
#include "common/log.hpp"

namespace landing::telegram {

outbox_worker::outbox_worker(storage::lead_store& store, sender send, outbox_options options,
                             leads::lead_metrics& stats)
    : store_(store), send_(std::move(send)), options_(std::move(options)), stats_(stats) {
  thread_.start("outbox", [this](worker::context& ctx) { run(ctx); });
}

outbox_worker::~outbox_worker() { stop(); }

void outbox_worker::notify() { thread_.notify(); }

void outbox_worker::stop() {
  stopping_ = true;
  thread_.stop();
}

void outbox_worker::sleep_until(worker::context& ctx, std::int64_t unix_ms) {
  const auto wait = std::chrono::milliseconds(std::max<std::int64_t>(0, unix_ms - clock::now_ms()));
  ctx.wait_for(std::min(wait, options_.poll));
}

void outbox_worker::run(worker::context& ctx) {
  while (!stopping_) {
    // Nothing a send or the store throws may end this thread: leads would wait until a restart.
    try {
      step(ctx);
    } catch (const std::exception& e) {
      log::error("outbox_error", {{"reason", e.what()}});
      sleep_until(ctx, clock::now_ms() + options_.poll.count());
    }
  }
  if (!unrecorded_.empty()) {
    flush_unrecorded();
    for (const auto& [id, result] : unrecorded_) {
      log::error("outbox_outcome_lost",
                 {{"id", id},
                  {"outcome", result.what == outcome::delivered ? "delivered" : "other"},
                  {"effect",
                   "the store could not record it before shutdown; a delivered lead "
                   "is sent again after the restart"}});
    }
  }
}

std::vector<std::string> outbox_worker::held_back(std::int64_t now_ms) const {
  std::vector<std::string> out;
  for (const auto& [id, result] : unrecorded_) {
    if (result.what != outcome::rescheduled || result.at > now_ms) out.push_back(id);
  }
  return out;
}

void outbox_worker::step(worker::context& ctx) {
  if (!held_released_) {
    if (const auto released = store_.release_held(); released > 0) {
      log::info("held_leads_released", {{"leads", released}});
    }
    held_released_ = true;
  }
  if (!unrecorded_.empty() && clock::now_ms() >= record_retry_at_) flush_unrecorded();
  const std::int64_t retry_records =
      unrecorded_.empty() ? std::numeric_limits<std::int64_t>::max() : record_retry_at_;
  const auto at = clock::now_ms();
  const auto idle = std::min(at + options_.poll.count(), retry_records);
  const auto due = store_.next_due_at(options_.owner, at);
  if (!due || *due > at) {
    sleep_until(ctx, due ? std::min(*due, idle) : idle);
    return;
  }
  const auto turn = store_.take_turn(options_.owner, at, options_.turn_hold.count());
  if (!turn.granted) {
    sleep_until(ctx, std::min(turn.retry_at, idle));
    return;
  }
  std::optional<storage::lead> next;
  try {
    next = store_.claim_next(options_.owner, at, options_.lease.count(), held_back(at));
  } catch (...) {
    store_.end_turn(options_.owner, 0);
    throw;
  }
  if (!next) {
    // What is due is held back in memory (or another replica took it): nothing to send now.
    store_.end_turn(options_.owner, 0);
    sleep_until(ctx, idle);
    return;
  }
  deliver(*next);
}

void outbox_worker::deliver(const storage::lead& item) {
  const auto result = send_(item, stopping_);
  const auto ended = clock::now_ms();
  // The next send to the chat, by any replica: a pause after a 429, else the pacing after this
  // call, failed or not.
  auto next_send = ended + options_.pacing.count();
  if (result.outcome == send_result::retry_after) {
    next_send = std::max(next_send, ended + result.retry_after_s * 1000);
  }
  try {
    store_.end_turn(options_.owner, next_send);
  } catch (const storage::error& e) {
    // The turn ends by itself when its hold passes; the pacing is then kept by that.
    log::warn("outbox_turn_not_ended", {{"reason", e.what()}});
  }
  const auto attempt = static_cast<int>(item.attempts) + 1;
  switch (result.outcome) {
    case send_result::delivered: {
      const auto latency = static_cast<double>(ended - item.created_at);
      stats_.leads_delivered.fetch_add(1, std::memory_order_relaxed);
      stats_.observe_delivery_ms(latency);
      log::info("lead_delivered",
                {{"id", item.id}, {"attempts", attempt}, {"latency_ms", latency}});
      record(item, {outcome::delivered, ended, {}, {result.chat_id, result.message_id}});
      return;
    }
    case send_result::retry_after:
      log::warn("delivery_rate_limited",
                {{"id", item.id}, {"retry_after_s", result.retry_after_s}});
      record(item, {outcome::rescheduled, next_send, result.reason});
      return;
    case send_result::transient: {
      const auto delay = backoff_delay(options_.backoff, attempt, random_).count();
      log::warn(
          "delivery_retry",
          {{"id", item.id}, {"attempt", attempt}, {"delay_ms", delay}, {"reason", result.reason}});
      record(item, {outcome::rescheduled, ended + delay, result.reason});
      return;
    }
    case send_result::permanent:
      stats_.leads_failed.fetch_add(1, std::memory_order_relaxed);
      log::error("lead_failed", {{"id", item.id}, {"reason", result.reason}});
      record(item, {outcome::failed, ended, result.reason});
      return;
  }
}

void outbox_worker::apply(const std::string& id, const outcome& result) {
  switch (result.what) {
    case outcome::delivered:
      store_.mark_delivered(id, result.at, result.where);
      return;
    case outcome::failed:
      store_.mark_failed(id, result.reason);
      return;
    case outcome::rescheduled:
      store_.reschedule(id, result.at, result.reason);
      return;
  }
}

void outbox_worker::record(const storage::lead& item, outcome result) {
  // While earlier outcomes wait, the store is known to refuse writes: this one waits with them
  // and goes with the next flush.
  if (!unrecorded_.empty()) {
    unrecorded_[item.id] = std::move(result);
    unrecorded_count_ = unrecorded_.size();
    return;
  }
  try {
    apply(item.id, result);
  } catch (const storage::error& e) {
    unrecorded_[item.id] = std::move(result);
    unrecorded_count_ = unrecorded_.size();
    record_failures_ = 1;
    record_retry_at_ = clock::now_ms() + backoff_delay(options_.record_backoff, 1, random_).count();
    log::error("outbox_record_failed",
               {{"id", item.id},
                {"database", storage::fault_name(e.problem)},
                {"reason", e.what()},
                {"effect",
                 "the outcome is kept in memory and written once the store takes "
                 "writes again; the lead is not sent twice meanwhile"}});
  }
}

void outbox_worker::flush_unrecorded() {
  const auto waiting = unrecorded_.size();
  for (auto it = unrecorded_.begin(); it != unrecorded_.end();) {
    try {
      apply(it->first, it->second);
    } catch (const storage::error&) {
      ++record_failures_;
      record_retry_at_ = clock::now_ms() +
                         backoff_delay(options_.record_backoff, record_failures_, random_).count();
      unrecorded_count_ = unrecorded_.size();
      return;
    }
    it = unrecorded_.erase(it);
  }
  unrecorded_count_ = 0;
  record_failures_ = 0;
  log::info("outbox_records_caught_up", {{"outcomes", waiting}});
}

}  // namespace landing::telegram
