#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/lead.hpp"

// The studio's triage of a lead in its Telegram chat, as the store keeps it. Plain data and the
// atomic move: which click moves a lead where, and what a move changes, live in leads/triage; the
// chat's side in telegram/.
namespace landing::storage {

// Who pressed a button: Telegram's user id and the name shown for them ("Анна (@anna)").
struct actor {
  std::int64_t id = 0;
  std::string name;
};

// A lead's place on the desk. Without any click it is "new".
struct triage_state {
  std::string status = "new";  // new, taken, spam, done
  actor taken_by;              // while taken or done
  std::int64_t taken_at = 0;   // unix ms; 0 when never taken
  std::int64_t done_at = 0;
  std::int64_t changed_at = 0;  // the last change; 0 when none
  actor changed_by;
};

// One row of a lead's history: what was done, by whom, when.
struct lead_event {
  std::string action;  // take, spam, done, release, unspam
  actor by;
  std::int64_t at = 0;   // unix ms
  std::string click_id;  // Telegram's callback query id; empty for none
};

// What a click did: applied, or not because the lead was no longer where the click expected
// it (another manager was faster, or the message was out of date); `now` is its state after.
struct triage_change {
  bool applied = false;
  bool found = true;      // false: no lead has this id
  bool repeated = false;  // this very click was applied before
  triage_state now;
};

// Where a lead's message went: its chat and, when it was split, the last part's id (the one
// with the buttons). 0 when Telegram did not say.
struct sent_message {
  std::int64_t chat_id = 0;
  std::int64_t message_id = 0;
};

// A lead's place in the studio's chat, for the CRMs' link back to its message: the status of its
// chat row (pending, delivered, failed, disabled; empty when it has none) and the message once
// it was delivered (message_id 0: none known).
struct chat_place {
  std::string status;
  sent_message where;
};

// The state a move leaves a lead in, from the state it is in when the move's transaction runs.
// The desk's rule (leads/triage) says what a take, a release or a done changes.
using next_state = std::function<triage_state(const triage_state& now)>;

// A delivered lead still new when its reminder is due, with the message the reminder replies to.
struct reminder_due {
  lead item;
  sent_message where;
};

// Everything the desk keeps of one lead, for copying a database (migrate-db).
struct lead_desk {
  bool clicked = false;  // has a state row (state below)
  triage_state state;
  std::vector<lead_event> history;
  sent_message message;  // message_id 0: none known
  std::int64_t reminded_at = 0;
};

// How many delivered leads stand in each status (new, taken, spam, done), for /metrics.
struct triage_count {
  std::string status;
  std::int64_t leads = 0;
};

}  // namespace landing::storage

namespace landing::storage {

// The desk's records: each lead's triage and its history, and the reminders.
class triage_role {
 public:
  triage_role() = default;
  triage_role(const triage_role&) = delete;
  triage_role& operator=(const triage_role&) = delete;
  virtual ~triage_role() = default;

  // Moves the lead from status `from` to next(its state) and adds `event` to its history, in
  // one transaction, only if it is in `from` when the transaction runs: of two managers clicking
  // at once, exactly one moves it. Not applied (and the state as it is) when it was elsewhere;
  // not found when no lead has the id. The event's click id (Telegram's callback query id, or
  // empty) is kept with the history row: the same click handed over again (updates fetched twice
  // around a crash) is `repeated` and changes nothing.
  virtual triage_change change_triage(const std::string& id, const std::string& from,
                                      const next_state& next, const lead_event& event) = 0;
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
  // Where the lead stands in the chat (chat_place above).
  virtual chat_place chat_place_of(const std::string& id) = 0;
};

// What both engines decide inside the transaction of a click, once the lead is theirs alone:
// `current` is its state (nothing when no lead has the id), `clicked_before` says whether the
// event's click id is in the history already (asked only when it has one), and `write` stores
// the new state with the event. The engine commits when the change is applied.
triage_change decide_change(const std::optional<triage_state>& current,
                            const std::function<bool()>& clicked_before, const std::string& from,
                            const next_state& next, const lead_event& event,
                            const std::function<void(const triage_state&)>& write);

}  // namespace landing::storage
