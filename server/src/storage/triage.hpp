#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/lead.hpp"

// The studio's triage of a lead in its Telegram chat, as the store keeps it. Plain data: which
// button moves a lead where lives in leads/triage, the chat's side in telegram/.
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

// The state after a move to `to` by `who` at `at`: taking names the taker, done keeps them and
// stamps the time, a move back to new or to spam clears both. Shared by the engines, which
// decide in their transaction whether the move happens.
triage_state moved(const triage_state& from, const std::string& to, const actor& who,
                   std::int64_t at);

}  // namespace landing::storage
