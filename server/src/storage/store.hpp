#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "storage/lead.hpp"
#include "storage/triage.hpp"
#include "storage/vitals.hpp"

namespace landing::storage {

// Why the store cannot take a lead now. The values are what /healthz reports.
enum class fault {
  none,          // writable
  missing,       // the database file was deleted or moved away while open
  read_only,     // its file system turned read-only
  disk_full,     // free space is below the reserve kept for recording deliveries
  write_failed,  // the last write failed and no write has succeeded since
  unavailable,   // it cannot be opened or read at all (for PostgreSQL: not connected)
};

std::string_view fault_name(fault f);

// What a check of the store found, with the outbox figures read in the same pass.
struct health {
  fault problem = fault::none;
  std::string reason;  // for operators; empty when all is well
  outbox_stats outbox;
  bool leader = true;
};

// Thrown by every operation when the store cannot do it; `what()` is for operators and logs.
struct error : std::runtime_error {
  error(fault f, const std::string& reason) : std::runtime_error(reason), problem(f) {}
  fault problem;
};

// All storage of leads and of real visitors' Web Vitals, whatever the engine. Every method may be
// called from any thread; each runs in a transaction of its own and throws storage::error when it
// cannot.
class lead_store {
 public:
  lead_store() = default;
  lead_store(const lead_store&) = delete;
  lead_store& operator=(const lead_store&) = delete;
  virtual ~lead_store() = default;

  // One transaction for the whole batch: each lead and its outbox row commit together, so an id
  // returned means durable. held: Telegram is not configured, so the leads wait for a restart
  // with it. Refused (storage::error) while check() would report a fault.
  virtual std::vector<std::string> insert_batch(const std::vector<new_lead>& leads, bool held) = 0;

  // Leads held while Telegram was not configured become pending once it is.
  virtual std::int64_t release_held() = 0;

  // The outbox, safe between replicas. A lead is claimed by one owner (a replica's outbox) for a
  // lease; once the lease passes (its owner died), any owner may claim it again.
  //
  // When the next pending lead is due (unix ms) that no other owner holds; nothing when none.
  virtual std::optional<std::int64_t> next_due_at(const std::string& owner,
                                                  std::int64_t now_ms) = 0;
  // Claims the pending lead due first (next_attempt_at <= now_ms) that no other owner holds,
  // leaving out the ids in `skip`.
  virtual std::optional<lead> claim_next(const std::string& owner, std::int64_t now_ms,
                                         std::int64_t lease_ms,
                                         const std::vector<std::string>& skip) = 0;
  // Each outcome also ends the lead's claim. A delivered lead keeps where its message went, for
  // the reminder's reply.
  virtual void mark_delivered(const std::string& id, std::int64_t at_ms,
                              const sent_message& where) = 0;
  virtual void reschedule(const std::string& id, std::int64_t next_attempt_ms,
                          const std::string& error) = 0;
  virtual void mark_failed(const std::string& id, const std::string& reason) = 0;
  // Puts a failed or held lead back in the outbox; false when there is no such lead.
  virtual bool retry(const std::string& id) = 0;

  // The chat's turn: one owner at a time may call the Bot API, and not before the chat's next
  // allowed send. granted, or the time (unix ms) worth asking again.
  struct turn {
    bool granted = false;
    std::int64_t retry_at = 0;
  };
  // hold_ms bounds the turn if its owner dies during the call.
  virtual turn take_turn(const std::string& owner, std::int64_t now_ms, std::int64_t hold_ms) = 0;
  // Ends the owner's turn; no send to the chat before next_send_ms, whoever sends.
  virtual void end_turn(const std::string& owner, std::int64_t next_send_ms) = 0;

  virtual std::optional<lead> find(const std::string& id) = 0;
  virtual std::vector<lead> list(const std::string& status) = 0;

  // Everything about leads, for copying a database to another engine (migrate-db).
  struct stored_lead {
    lead record;
    bool queued = false;  // has an outbox row (next_attempt_at in record)
    lead_desk desk{};     // its triage, history and message in the chat
  };
  virtual std::vector<stored_lead> export_all() = 0;
  // Adds a lead as it was in another database; false when one with its id is there already.
  virtual bool import(const stored_lead& item) = 0;

  // Triage (storage/triage.hpp). Moves the lead from status `from` to `to` and adds `action` to
  // its history, in one transaction, only if it is in `from` when the transaction runs: of two
  // managers clicking at once, exactly one moves it. Not applied (and the state as it is) when it
  // was elsewhere; not found when no lead has the id. `click_id` (Telegram's callback query id,
  // or empty) is kept with the history row: the same click handed over again (updates fetched
  // twice around a crash) is `repeated` and changes nothing.
  virtual triage_change change_triage(const std::string& id, const std::string& from,
                                      const std::string& to, const std::string& action,
                                      const actor& who, std::int64_t at_ms,
                                      const std::string& click_id) = 0;
  // The state of a lead that exists (new when nobody clicked yet).
  virtual std::optional<triage_state> triage_of(const std::string& id) = 0;
  // Its history, oldest first.
  virtual std::vector<lead_event> events_of(const std::string& id) = 0;

  // Every lead that has been clicked, with its state, for the operators' lists.
  virtual std::vector<std::pair<std::string, triage_state>> triage_states() = 0;
  // Delivered leads by status; a lead nobody clicked counts as new.
  virtual std::vector<triage_count> triage_counts() = 0;
  // Delivered leads still new, delivered at or before `delivered_before_ms`, whose message is
  // known and that were never reminded of; the oldest first, at most `limit`.
  virtual std::vector<reminder_due> due_reminders(std::int64_t delivered_before_ms, int limit) = 0;
  // Marks the lead reminded unless it already was: true for the one caller (of any replica)
  // that may send its reminder. Claimed before sending, so a reminder is never sent twice.
  virtual bool claim_reminder(const std::string& id, std::int64_t at_ms) = 0;
  // Small durable settings the chat side keeps across restarts: the getUpdates offset, a chat id
  // Telegram moved to a supergroup.
  virtual std::optional<std::string> setting(const std::string& key) = 0;
  virtual void set_setting(const std::string& key, const std::string& value) = 0;
  virtual std::vector<std::pair<std::string, std::string>> settings() = 0;

  // Web Vitals aggregates (storage/vitals.hpp). Adds the batch's counts to the stored ones in one
  // transaction; concurrent writers (replicas) add up. Refused (storage::error) while free space
  // is below twice the leads' reserve, so measurement never takes the room leads need.
  virtual void add_vitals(const std::vector<vitals_aggregate>& batch) = 0;
  virtual std::vector<vitals_aggregate> read_vitals(const vitals_query& query) = 0;
  // Deletes the aggregates of days before `before_day`; how many rows went.
  virtual std::int64_t prune_vitals(std::int64_t before_day) = 0;

  // Several processes share this store (PostgreSQL): what must hold across them (the per-client
  // rate limit, leadership) lives in it.
  [[nodiscard]] virtual bool shared() const = 0;
  // Takes one token per entry of `clients` from their buckets (burst, then per_second); for each
  // entry, 0 when it got one, else whole seconds until it would. Only for shared stores.
  virtual std::vector<std::int64_t> take_tokens(const std::vector<std::string>& clients,
                                                std::int64_t now_ms, double burst,
                                                double per_second) = 0;
  // Whether this process leads: only the leader runs what one process may do at a time. A store
  // that only one process uses always leads.
  [[nodiscard]] virtual bool leader() = 0;
  // Calls `wake` (from any thread) when another process commits a lead, so its outbox need not
  // wait for its poll. Stores that only one process uses never call it.
  virtual void on_new_leads(std::function<void()> wake) = 0;
  // Ends background work (listeners, leadership) before the store goes.
  virtual void stop() = 0;

  // Whether a lead can be stored now, and the outbox figures. Blocking (it may touch the disk
  // and, after a fault, try a write), so it runs on a thread of its own, never an I/O thread.
  virtual health check() = 0;
};

}  // namespace landing::storage
