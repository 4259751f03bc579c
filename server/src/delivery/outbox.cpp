#include "delivery/outbox.hpp"

#include <algorithm>
#include <cstddef>
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
      backlog_ = false;
      sleep_until(ctx, clock::now_ms() + options_.poll.count());
    }
  }
  if (!unrecorded_.empty()) {
    flush_unrecorded();
    for (const auto& [id, result] : unrecorded_) {
      log::error(
          "outbox_outcome_lost",
          {{"id", id},
           {"channel", name_},
           {"outcome", result.what == storage::settlement::delivered ? "delivered" : "other"},
           {"effect",
            "the store could not record it before shutdown; a delivered lead "
            "is sent again after the restart"}});
    }
  }
}

std::vector<std::string> outbox_worker::held_back(std::int64_t now_ms) const {
  std::vector<std::string> out;
  for (const auto& [id, result] : unrecorded_) {
    if (result.what != storage::settlement::rescheduled || result.next_attempt_ms > now_ms) {
      out.push_back(id);
    }
  }
  out.insert(out.end(), past_retention_.begin(), past_retention_.end());
  return out;
}

bool outbox_worker::disabled() {
  if (!store_.channel_disabled(name_)) return false;
  // Leads that came while it is off are held with the others; the store looks at the flag again
  // as it holds them, so an operator's enable since the look above stands.
  if (store_.next_due_at(name_, options_.owner, std::numeric_limits<std::int64_t>::max())) {
    return store_.hold_while_disabled(name_);
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
  // Waiting for the chat's turn: a lead arriving meanwhile changes nothing, so its wake asks the
  // store nothing either (the turn and the due rows were asked at most a poll ago).
  if (at < turn_wait_until_) {
    sleep_until(ctx, turn_wait_until_);
    return;
  }
  if (disabled()) {
    backlog_ = false;
    sleep_until(ctx, idle);
    return;
  }
  // After a full batch more is likely due: claiming straight away saves asking.
  const bool asked = !backlog_;
  if (asked) {
    const auto due = store_.next_due_at(name_, options_.owner, at);
    if (!due || *due > at) {
      sleep_until(ctx, due ? std::min(*due, idle) : idle);
      return;
    }
  }
  if (const auto wait = channel_.take_turn(at); wait != 0) {
    turn_wait_until_ = std::min(wait, idle);
    sleep_until(ctx, turn_wait_until_);
    return;
  }
  const auto limit = std::max<std::size_t>(1, channel_.batch_limit());
  std::vector<storage::claimed_delivery> batch;
  try {
    batch =
        store_.claim_due(name_, options_.owner, at, options_.lease.count(), held_back(at), limit);
  } catch (...) {
    channel_.end_turn(clock::now_ms(), nullptr);
    throw;
  }
  backlog_ = limit > 1 && batch.size() == limit;
  if (batch.empty()) {
    // What is due is held back in memory (or another replica took it): nothing to send now.
    channel_.end_turn(clock::now_ms(), nullptr);
    if (asked) sleep_until(ctx, idle);
    return;
  }
  deliver(batch, at);
}

void outbox_worker::deliver(const std::vector<storage::claimed_delivery>& batch,
                            std::int64_t claimed_at) {
  // The batch's claims last one lease. No send starts once a quarter of it has passed, so the
  // last one ends (within the channel's own timeout) and is recorded while the claims still
  // hold, and no other replica can have taken a row of it meanwhile.
  const auto last_start = claimed_at + options_.lease.count() / 4;
  // Retention erases what is older than its period (privacy/retention.cpp, created_at below the
  // cut-off): no channel gets such a lead, even in the hour before the next pass erases it.
  const auto cutoff = options_.keep_for.count() > 0 ? claimed_at - options_.keep_for.count()
                                                    : std::numeric_limits<std::int64_t>::min();
  // The claims not used: the leads past retention, and those a cut-short batch did not reach.
  std::vector<std::string> unsent;
  std::size_t sent = 0;
  attempt_result last;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const auto& item = batch[i];
    if (item.item.created_at < cutoff) {
      if (past_retention_.insert(item.item.id).second) {
        log::warn("outbox_past_retention",
                  {{"channel", name_},
                   {"lead", item.item.id},
                   {"effect",
                    "not sent: it is past its retention period, and the next retention "
                    "pass erases it"}});
      }
      unsent.push_back(item.item.id);
      continue;
    }
    if (sent > 0 &&
        (stopping_ || clock::now_ms() >= last_start || last.outcome == attempt_result::disabled)) {
      for (; i < batch.size(); ++i) unsent.push_back(batch[i].item.id);
      break;
    }
    const auto started = clock::now_ms();
    last = channel_.send(item, stopping_);
    const auto ended = clock::now_ms();
    ++sent;
    settle(item, last, {started, last.result, ended - started});
    if (!outcomes_.empty() &&
        ended - outcomes_.front().attempt.at - outcomes_.front().attempt.latency_ms >=
            options_.record_within.count()) {
      record();
    }
  }
  channel_.end_turn(clock::now_ms(), sent > 0 ? &last : nullptr);
  record();
  if (unsent.empty()) return;
  backlog_ = false;
  try {
    store_.release(name_, options_.owner, unsent);
  } catch (const storage::error& e) {
    // Their lease ends them anyway; this worker may claim its own rows again before that.
    log::warn("outbox_release_failed",
              {{"channel", name_}, {"leads", unsent.size()}, {"reason", e.what()}});
  }
}

}  // namespace landing::delivery
