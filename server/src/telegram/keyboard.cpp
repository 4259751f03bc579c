#include "telegram/keyboard.hpp"

#include <boost/json.hpp>
#include <cstdio>

namespace landing::telegram {

std::string_view label_of(leads::triage::action what) {
  using leads::triage::action;
  switch (what) {
    case action::take:
      return "Беру";
    case action::spam:
      return "Спам";
    case action::done:
      return "Готово";
    case action::release:
      return "Вернуть";
    case action::unspam:
      return "Не спам";
  }
  return "?";
}

std::string keyboard_json(std::string_view status, std::string_view lead_id) {
  return boost::json::serialize(keyboard(status, lead_id));
}

boost::json::value keyboard(std::string_view status, std::string_view lead_id) {
  boost::json::array row;
  for (const auto what : leads::triage::actions_for(status)) {
    row.push_back(boost::json::object{
        {"text", label_of(what)}, {"callback_data", leads::triage::callback_data(what, lead_id)}});
  }
  boost::json::array rows;
  if (!row.empty()) rows.push_back(std::move(row));
  return boost::json::object{{"inline_keyboard", std::move(rows)}};
}

std::string status_line(const storage::triage_state& state, std::string_view last_action,
                        int utc_offset_minutes) {
  if (state.changed_at == 0) return {};
  std::string_view verb = "Взял";
  if (last_action == "done") verb = "Готово";
  if (last_action == "spam") verb = "Спам";
  if (last_action == "release") verb = "Вернул";
  if (last_action == "unspam") verb = "Не спам";
  constexpr std::int64_t day = std::int64_t{24} * 60;
  const auto minutes = (state.changed_at / 60000 + utc_offset_minutes) % day + day;  // never < 0
  char clock[8];
  std::snprintf(clock, sizeof clock, "%02d:%02d", static_cast<int>(minutes % day / 60),
                static_cast<int>(minutes % 60));
  return std::string(verb) + ": " + state.changed_by.name + ", " + clock;
}

}  // namespace landing::telegram
