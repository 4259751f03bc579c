#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/lead.hpp"
#include "storage/triage.hpp"

namespace landing::storage {

// A lead claimed for one channel, with that channel's state of it.
struct claimed_delivery {
  lead item;
  channel_delivery state;
};

// One row of the delivery log (storage/lead.hpp, attempt_record), with whose attempt it was.
struct logged_attempt {
  std::string lead_id;
  std::string channel;
  attempt_record attempt;
};

// One attempt's outcome for a lead's row, as settle() records it.
struct settlement {
  enum kind { delivered, rescheduled, failed } what = rescheduled;
  std::string id;
  attempt_record attempt;
  std::int64_t next_attempt_ms = 0;  // rescheduled: when the row is due again
  std::string error;                 // rescheduled: the last error; failed: why it is final
  sent_message where{};              // delivered to Telegram: the message in the chat
};

// The outbox, one row per (lead, channel), safe between replicas. A row is claimed by one owner
// (a replica's worker for that channel) for a lease; once the lease passes (its owner died), any
// owner may claim it again. Channels never wait for each other: each query names its channel.
class outbox_role {
 public:
  outbox_role() = default;
  outbox_role(const outbox_role&) = delete;
  outbox_role& operator=(const outbox_role&) = delete;
  virtual ~outbox_role() = default;

  // When the channel's next pending row is due (unix ms) that no other owner holds; nothing when
  // none.
  virtual std::optional<std::int64_t> next_due_at(const std::string& channel,
                                                  const std::string& owner,
                                                  std::int64_t now_ms) = 0;
  // Claims up to `limit` of the channel's pending rows that are due (next_attempt_at <= now_ms)
  // and that no other owner holds, in due order, leaving out the leads in `skip`. One claim
  // covers the batch: a worker takes many rows in one statement when a backlog waits.
  virtual std::vector<claimed_delivery> claim_due(const std::string& channel,
                                                  const std::string& owner, std::int64_t now_ms,
                                                  std::int64_t lease_ms,
                                                  const std::vector<std::string>& skip,
                                                  std::size_t limit) = 0;
  // Records outcomes in one transaction. Each ends its row's claim, counts the attempt, writes
  // it to the delivery log and sums the lead's status (lead.hpp); a lead erased meanwhile has no
  // row left to change (its Telegram message is queued for the chat's cleanup). A lead delivered
  // to Telegram keeps where its message went, for the reminder's reply. A rescheduled outcome
  // leaves a row that is no longer pending (a channel disabled meanwhile) as it is.
  virtual void settle(const std::string& channel, const std::vector<settlement>& outcomes) = 0;
  // Ends `owner`'s claims on these rows without an attempt (a batch cut short), so that any
  // owner may take them at once; a row another owner holds now is left alone.
  virtual void release(const std::string& channel, const std::string& owner,
                       const std::vector<std::string>& ids) = 0;

  // One row at a time, as the tests and the tools use the outbox.
  std::optional<claimed_delivery> claim_next(const std::string& channel, const std::string& owner,
                                             std::int64_t now_ms, std::int64_t lease_ms,
                                             const std::vector<std::string>& skip) {
    auto claimed = claim_due(channel, owner, now_ms, lease_ms, skip, 1);
    if (claimed.empty()) return std::nullopt;
    return std::move(claimed.front());
  }
  void mark_delivered(const std::string& channel, const std::string& id,
                      const attempt_record& attempt, const sent_message& where) {
    settle(channel, {{settlement::delivered, id, attempt, 0, {}, where}});
  }
  void reschedule(const std::string& channel, const std::string& id, std::int64_t next_attempt_ms,
                  const std::string& error, const attempt_record& attempt) {
    settle(channel, {{settlement::rescheduled, id, attempt, next_attempt_ms, error, {}}});
  }
  void mark_failed(const std::string& channel, const std::string& id, const std::string& reason,
                   const attempt_record& attempt) {
    settle(channel, {{settlement::failed, id, attempt, 0, reason, {}}});
  }
  // Puts the lead's failed or disabled rows (of `channel`, or of every channel for "") back in
  // the outbox, due now; false when it has none.
  virtual bool retry(const std::string& id, const std::string& channel) = 0;
  // Sends these leads to the channel again, whatever their row's state, due now (a replay the
  // receiver asked for); how many rows were put back.
  virtual std::int64_t redeliver(const std::string& channel,
                                 const std::vector<std::string>& ids) = 0;

  // A channel the receiver turned off (a webhook's 410) stays off, across restarts and replicas,
  // until an operator turns it on: its pending rows become disabled, and so do the rows of leads
  // that arrive meanwhile, when its worker looks.
  virtual std::optional<std::string> channel_disabled(const std::string& channel) = 0;
  virtual void disable_channel(const std::string& channel, const std::string& reason) = 0;
  // While the channel is off, its pending rows become disabled; false, holding nothing, once it
  // is on. The flag is read in the transaction that holds the rows: a worker that had seen the
  // channel off, then held its rows with disable_channel, undid an operator's enable in between.
  virtual bool hold_while_disabled(const std::string& channel) = 0;
  // How many disabled rows went back to pending.
  virtual std::int64_t enable_channel(const std::string& channel) = 0;

  // The lead's attempts, oldest first.
  virtual std::vector<logged_attempt> attempts_of(const std::string& id) = 0;
  // The log is kept for the retention period; how many rows went.
  virtual std::int64_t prune_attempts(std::int64_t before_ms) = 0;
};

}  // namespace landing::storage
