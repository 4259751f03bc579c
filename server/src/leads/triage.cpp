#include "leads/triage.hpp"

#include <array>
#include <utility>

namespace landing::leads::triage {
namespace {

constexpr std::array<std::pair<action, std::string_view>, 5> names{{
    {action::take, "take"},
    {action::spam, "spam"},
    {action::done, "done"},
    {action::release, "release"},
    {action::unspam, "unspam"},
}};

// Crockford base32 as ulid_generator writes it: digits and upper-case letters without I, L, O, U.
bool is_ulid(std::string_view id) {
  if (id.size() != 26 || id[0] > '7') return false;  // 48 bits of time: the first digit is 0-7
  for (const char c : id) {
    const bool digit = c >= '0' && c <= '9';
    const bool letter = c >= 'A' && c <= 'Z' && c != 'I' && c != 'L' && c != 'O' && c != 'U';
    if (!digit && !letter) return false;
  }
  return true;
}

}  // namespace

std::string_view action_name(action what) {
  for (const auto& [each, name] : names) {
    if (each == what) return name;
  }
  return "take";
}

std::optional<click> parse_callback(std::string_view data) {
  const auto colon = data.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const auto name = data.substr(0, colon);
  const auto id = data.substr(colon + 1);
  if (!is_ulid(id)) return std::nullopt;
  for (const auto& [each, known] : names) {
    if (known == name) return click{each, std::string(id)};
  }
  return std::nullopt;
}

std::string callback_data(action what, std::string_view lead_id) {
  std::string out(action_name(what));
  out += ':';
  out += lead_id;
  return out;
}

move move_of(action what) {
  switch (what) {
    case action::take:
      return {"new", "taken"};
    case action::spam:
      return {"new", "spam"};
    case action::done:
      return {"taken", "done"};
    case action::release:
      return {"taken", "new"};
    case action::unspam:
      return {"spam", "new"};
  }
  return {"new", "taken"};
}

std::vector<action> actions_for(std::string_view status) {
  if (status == "new") return {action::take, action::spam};
  if (status == "taken") return {action::done, action::release};
  if (status == "spam") return {action::unspam};
  return {};
}

storage::triage_state moved(const storage::triage_state& from, std::string_view to,
                            const storage::actor& who, std::int64_t at) {
  storage::triage_state out = from;
  out.status = to;
  out.changed_by = who;
  out.changed_at = at;
  if (to == "taken") {
    out.taken_by = who;
    out.taken_at = at;
    out.done_at = 0;
  } else if (to == "done") {
    out.done_at = at;
  } else {
    out.taken_by = {};
    out.taken_at = 0;
    out.done_at = 0;
  }
  return out;
}

storage::triage_change apply(storage::triage_role& store, const std::string& lead_id, action what,
                             const storage::actor& who, std::int64_t at_ms,
                             const std::string& click_id) {
  const auto move = move_of(what);
  return store.change_triage(lead_id, std::string(move.from),
                             [to = move.to, who, at_ms](const storage::triage_state& now) {
                               return moved(now, to, who, at_ms);
                             },
                             {std::string(action_name(what)), who, at_ms, click_id});
}

}  // namespace landing::leads::triage
