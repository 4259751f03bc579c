#include "delivery/outbox.hpp"

#include <algorithm>
#include <limits>

#include "common/clock.hpp"
#include "common/log.hpp"

namespace landing::delivery {

outbox_worker::outbox_worker(storage::lead_store& store, channel& target, outbox_options options,
                             channel_metrics& metrics, outbox_observer observer)
    : store_(store),
      channel_(target),
      name_(target.name()),
      options_(std::move(options)),
      metrics_(metrics),
      observer_(std::move(observer)) {
  thread_.start("outbox-" + name_, [this](worker::context& ctx) { run(ctx); });
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
      log::error("outbox_error", {{"channel", name_}, {"reason", e.what()}});
      sleep_until(ctx, clock::now_ms() + options_.poll.count());
    }
  }
  if (!unrecorded_.empty()) {
    flush_unrecorded();
    for (const auto& [id, result] : unrecorded_) {
      log::error("outbox_outcome_lost",
                 {{"id", id},
                  {"channel", name_},
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
    if (result.what != outcome::rescheduled || result.next_at > now_ms) out.push_back(id);
  }
  return out;
}

bool outbox_worker::disabled() {
  const auto reason = store_.channel_disabled(name_);
  if (!reason) return false;
  if (store_.next_due_at(name_, options_.owner, std::numeric_limits<std::int64_t>::max())) {
    store_.disable_channel(name_, *reason);
  }
  return true;
}

void outbox_worker::step(worker::context& ctx) {
  if (!held_released_) {
    if (!options_.release_held.empty()) {
      if (const auto released = store_.release_held(options_.release_held); released > 0) {
        log::info("held_leads_released", {{"leads", released}});
      }
    }
    held_released_ = true;
  }
  if (!unrecorded_.empty() && clock::now_ms() >= record_retry_at_) flush_unrecorded();
  const std::int64_t retry_records =
      unrecorded_.empty() ? std::numeric_limits<std::int64_t>::max() : record_retry_at_;
  const auto at = clock::now_ms();
  const auto idle = std::min(at + options_.poll.count(), retry_records);
  if (disabled()) {
    sleep_until(ctx, idle);
    return;
  }
  const auto due = store_.next_due_at(name_, options_.owner, at);
  if (!due || *due > at) {
    sleep_until(ctx, due ? std::min(*due, idle) : idle);
    return;
  }
  if (const auto wait = channel_.take_turn(at); wait != 0) {
    sleep_until(ctx, std::min(wait, idle));
    return;
  }
  std::optional<storage::claimed_delivery> next;
  try {
    next = store_.claim_next(name_, options_.owner, at, options_.lease.count(), held_back(at));
  } catch (...) {
    channel_.end_turn(clock::now_ms(), nullptr);
    throw;
  }
  if (!next) {
    // What is due is held back in memory (or another replica took it): nothing to send now.
    channel_.end_turn(clock::now_ms(), nullptr);
    sleep_until(ctx, idle);
    return;
  }
  deliver(*next);
}

void outbox_worker::deliver(const storage::claimed_delivery& item) {
  const auto started = clock::now_ms();
  const auto result = channel_.send(item, stopping_);
  const auto ended = clock::now_ms();
  channel_.end_turn(ended, &result);
  settle(item, result, {started, result.result, ended - started});
}

void outbox_worker::settle(const storage::claimed_delivery& item, const attempt_result& result,
                           const storage::attempt_record& attempt) {
  const auto& id = item.item.id;
  const auto ended = attempt.at + attempt.latency_ms;
  const auto attempts = item.state.attempts + 1;
  switch (result.outcome) {
    case attempt_result::delivered: {
      const auto latency = static_cast<double>(ended - item.item.created_at);
      metrics_.count(attempt_result::delivered);
      if (observer_.delivered) observer_.delivered(latency);
      log::info("lead_delivered",
                {{"id", id}, {"channel", name_}, {"attempts", attempts}, {"latency_ms", latency}});
      record(id, {outcome::delivered, 0, {}, attempt, result.where});
      return;
    }
    case attempt_result::retry: {
      const auto delay = channel_.retry_delay_ms(static_cast<int>(attempts), random_);
      if (!delay) {
        const auto reason =
            "gave up after " + std::to_string(attempts) + " attempts: " + result.reason;
        metrics_.count(attempt_result::failed);
        if (observer_.failed) observer_.failed();
        log::error("lead_failed", {{"id", id}, {"channel", name_}, {"reason", reason}});
        record(id, {outcome::failed, 0, reason, attempt});
        report({name_, id, attempts, result.reason, false});
        return;
      }
      // A receiver that names its time (Retry-After) is obeyed, sooner or later than the
      // schedule would come back; the attempt still counts toward the schedule's last.
      const auto next = result.retry_at > 0 ? std::max(result.retry_at, ended) : ended + *delay;
      metrics_.count(attempt_result::retry);
      log::warn("delivery_retry", {{"id", id},
                                   {"channel", name_},
                                   {"attempt", attempts},
                                   {"delay_ms", next - ended},
                                   {"reason", result.reason}});
      record(id, {outcome::rescheduled, next, result.reason, attempt});
      return;
    }
    case attempt_result::failed:
      metrics_.count(attempt_result::failed);
      if (observer_.failed) observer_.failed();
      log::error("lead_failed", {{"id", id}, {"channel", name_}, {"reason", result.reason}});
      record(id, {outcome::failed, 0, result.reason, attempt});
      report({name_, id, attempts, result.reason, false});
      return;
    case attempt_result::disabled:
      metrics_.count(attempt_result::disabled);
      log::error("channel_disabled", {{"channel", name_},
                                      {"id", id},
                                      {"reason", result.reason},
                                      {"effect",
                                       "nothing more is sent to it until an operator runs "
                                       "`leads retry --channel " +
                                           name_ + "`"}});
      // The row waits in the outbox with the rest; the channel's state marks them disabled.
      record(id, {outcome::rescheduled, ended, result.reason, attempt});
      try {
        store_.disable_channel(name_, result.reason);
      } catch (const storage::error& e) {
        log::error("channel_not_disabled", {{"channel", name_}, {"reason", e.what()}});
      }
      report({name_, id, attempts, result.reason, true});
      return;
  }
}

void outbox_worker::report(const give_up& event) {
  if (observer_.gave_up) observer_.gave_up(event);
}

void outbox_worker::apply(const std::string& id, const outcome& result) {
  switch (result.what) {
    case outcome::delivered:
      store_.mark_delivered(name_, id, result.attempt, result.where);
      return;
    case outcome::failed:
      store_.mark_failed(name_, id, result.reason, result.attempt);
      return;
    case outcome::rescheduled:
      store_.reschedule(name_, id, result.next_at, result.reason, result.attempt);
      return;
  }
}

void outbox_worker::record(const std::string& id, outcome result) {
  // While earlier outcomes wait, the store is known to refuse writes: this one waits with them
  // and goes with the next flush.
  if (!unrecorded_.empty()) {
    unrecorded_[id] = std::move(result);
    unrecorded_count_ = unrecorded_.size();
    return;
  }
  try {
    apply(id, result);
  } catch (const storage::error& e) {
    unrecorded_[id] = std::move(result);
    unrecorded_count_ = unrecorded_.size();
    record_failures_ = 1;
    record_retry_at_ = clock::now_ms() + backoff_delay(options_.record_backoff, 1, random_).count();
    log::error("outbox_record_failed",
               {{"id", id},
                {"channel", name_},
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
  log::info("outbox_records_caught_up", {{"channel", name_}, {"outcomes", waiting}});
}

}  // namespace landing::delivery
