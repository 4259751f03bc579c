#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

}  // namespace landing::leads::triage
