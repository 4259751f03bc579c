#pragma once

#include <boost/json/value.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "leads/triage.hpp"
#include "storage/triage.hpp"

// What a lead's message shows of its triage (issue 15): the inline keyboard of its status, and
// the status line an edit adds under the lead's text.
namespace landing::telegram {

// A button's words, in Russian like the message: «Беру», «Спам», «Готово», «Вернуть», «Не спам».
std::string_view label_of(leads::triage::action what);

// reply_markup for sendMessage and editMessageText: a button for each action leads::triage
// offers in the status, in one row; an empty keyboard for done, which removes the buttons.
boost::json::value keyboard(std::string_view status, std::string_view lead_id);
std::string keyboard_json(std::string_view status, std::string_view lead_id);

// «Взял: Анна (@anna), 14:05», «Готово: …», «Спам: …», «Вернул: …», «Не спам: …», from the last
// change; empty for a lead nobody has clicked. `utc_offset_minutes` sets the clock the studio
// reads (the time is HH:MM on it).
std::string status_line(const storage::triage_state& state, std::string_view last_action,
                        int utc_offset_minutes);

}  // namespace landing::telegram
