#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/triage.hpp"

// The lead desk's rules: which button a lead in each status carries, what each click moves it
// to, and the callback_data that names a click (issue 15). Plain functions: telegram/ turns them
// into keyboards and edits, storage/ makes each move atomic.
namespace landing::leads::triage {

enum class action { take, spam, done, release, unspam };

// A click as its callback_data says: exactly "<action>:<lead id>".
struct click {
  action what;
  std::string lead_id;
};

// Nothing for data that is not exactly one of the five actions, a colon and a ULID.
std::optional<click> parse_callback(std::string_view data);
std::string callback_data(action what, std::string_view lead_id);
std::string_view action_name(action what);

// Where a click expects the lead, and where it takes it.
struct move {
  std::string_view from;
  std::string_view to;
};
move move_of(action what);

// What can be done to a lead in each status, in the order its buttons show: new: take, spam;
// taken: done, release; spam: unspam; done: nothing. Their words are the chat's
// (telegram/keyboard).
std::vector<action> actions_for(std::string_view status);

// The state after a move to `to` by `who` at `at`: taking names the taker, done keeps them and
// stamps the time, a move back to new or to spam clears both.
storage::triage_state moved(const storage::triage_state& from, std::string_view to,
                            const storage::actor& who, std::int64_t at);

// A click applied through the store: the lead moves only from the status the click expects, in
// the store's transaction, to the state moved() gives from the one it is in then.
storage::triage_change apply(storage::triage_role& store, const std::string& lead_id, action what,
                             const storage::actor& who, std::int64_t at_ms,
                             const std::string& click_id);

}  // namespace landing::leads::triage
