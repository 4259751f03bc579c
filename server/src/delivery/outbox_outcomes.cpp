#include <algorithm>

#include "common/clock.hpp"
#include "common/log.hpp"
#include "delivery/outbox.hpp"

// What an attempt's result means for its lead, and writing the outcomes down: at once, or from
// memory with backoff while the store refuses them (outbox.hpp).
namespace landing::delivery {

void outbox_worker::settle(const storage::claimed_delivery& item, const attempt_result& result,
                           const storage::attempt_record& attempt) {
  using storage::settlement;
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
      outcomes_.push_back({settlement::delivered, id, attempt, 0, {}, result.where});
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
        outcomes_.push_back({settlement::failed, id, attempt, 0, reason, {}});
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
      outcomes_.push_back({settlement::rescheduled, id, attempt, next, result.reason, {}});
      return;
    }
    case attempt_result::failed:
      metrics_.count(attempt_result::failed);
      if (observer_.failed) observer_.failed();
      log::error("lead_failed", {{"id", id}, {"channel", name_}, {"reason", result.reason}});
      outcomes_.push_back({settlement::failed, id, attempt, 0, result.reason, {}});
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
      // The row waits in the outbox with the rest; the channel's state marks them disabled. Its
      // attempt is recorded first: a row disabled already would not take it.
      outcomes_.push_back({settlement::rescheduled, id, attempt, ended, result.reason, {}});
      record();
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

void outbox_worker::record() {
  if (outcomes_.empty()) return;
  auto batch = std::move(outcomes_);
  outcomes_.clear();
  // While earlier outcomes wait, the store is known to refuse writes: these wait with them and
  // go with the next flush.
  if (unrecorded_.empty()) {
    try {
      store_.settle(name_, batch);
      return;
    } catch (const storage::error& e) {
      record_failures_ = 1;
      record_retry_at_ =
          clock::now_ms() + backoff_delay(options_.record_backoff, 1, random_).count();
      log::error("outbox_record_failed",
                 {{"id", batch.front().id},
                  {"leads", batch.size()},
                  {"channel", name_},
                  {"database", storage::fault_name(e.problem)},
                  {"reason", e.what()},
                  {"effect",
                   "the outcomes are kept in memory and written once the store takes "
                   "writes again; the leads are not sent twice meanwhile"}});
    }
  }
  for (auto& each : batch) {
    auto id = each.id;
    unrecorded_[id] = std::move(each);
  }
  unrecorded_count_ = unrecorded_.size();
}

void outbox_worker::flush_unrecorded() {
  const auto waiting = unrecorded_.size();
  std::vector<storage::settlement> batch;
  batch.reserve(waiting);
  for (const auto& [id, each] : unrecorded_) batch.push_back(each);
  try {
    store_.settle(name_, batch);
  } catch (const storage::error&) {
    ++record_failures_;
    record_retry_at_ =
        clock::now_ms() + backoff_delay(options_.record_backoff, record_failures_, random_).count();
    return;
  }
  unrecorded_.clear();
  unrecorded_count_ = 0;
  record_failures_ = 0;
  log::info("outbox_records_caught_up", {{"channel", name_}, {"outcomes", waiting}});
}

}  // namespace landing::delivery
