#include "telegram/desk.hpp"

#include <gtest/gtest.h>

#include <set>

#include "telegram/message.hpp"

namespace landing::telegram {
namespace {

using std::chrono::milliseconds;

TEST(desk, says_how_long_a_lead_waited_in_words) {
  EXPECT_EQ(duration_text(milliseconds(45'000)), "45 с");
  EXPECT_EQ(duration_text(milliseconds(59'999)), "59 с");
  EXPECT_EQ(duration_text(milliseconds(30 * 60'000)), "30 мин");
  EXPECT_EQ(duration_text(milliseconds(2 * 3'600'000)), "2 ч");
  EXPECT_EQ(duration_text(milliseconds(90 * 60'000 + 5'000)), "1 ч 30 мин");
  EXPECT_EQ(duration_text(milliseconds(-5)), "0 с");
}

TEST(desk, every_applied_action_has_its_own_toast) {
  std::set<std::string> seen;
  for (const auto* action : {"take", "spam", "done", "release", "unspam"}) {
    const auto text = toast_applied(action);
    EXPECT_FALSE(text.empty()) << action;
    seen.insert(text);
  }
  EXPECT_EQ(seen.size(), 5U);
}

TEST(desk, a_late_take_names_who_has_the_lead_and_other_stale_clicks_say_where_it_is) {
  storage::triage_state taken;
  taken.status = "taken";
  taken.taken_by = {7, "Борис"};
  EXPECT_EQ(toast_not_applied("take", taken), "Уже взял: Борис");
  auto done = taken;
  done.status = "done";
  EXPECT_EQ(toast_not_applied("take", done), "Уже взял: Борис");
  EXPECT_EQ(toast_not_applied("release", storage::triage_state{}),
            "Ничего не изменилось: заявка уже новая");
  storage::triage_state spam;
  spam.status = "spam";
  EXPECT_EQ(toast_not_applied("done", spam), "Ничего не изменилось: заявка уже в спаме");
  EXPECT_EQ(toast_not_applied("spam", taken), "Ничего не изменилось: заявка уже в работе у Борис");
  // A name as long as Telegram allows still leaves a toast within its 200 characters.
  std::string long_name;
  for (int i = 0; i < 129; ++i) long_name += i == 64 ? " " : "Ж";
  taken.taken_by.name = long_name + " (@" + std::string(32, 'a') + ")";
  const auto text = toast_not_applied("take", taken);
  EXPECT_LE(utf16_units(text), 200U);
}

TEST(desk, the_reminder_quotes_who_wrote_and_names_the_lead) {
  storage::lead item;
  item.id = "01JD3Z6W8Q5N2R4T6V8X0Y2A4C";
  item.fields = {"Вера\nКонтактные данные:", "@vera", "vera@example.com", "Hi"};
  const auto text = reminder_text(item, milliseconds(31 * 60'000));
  EXPECT_EQ(text,
            "⏰ Заявку никто не взял за 31 мин.\n│ Вера\nКонтактные данные:\n│ vera@example.com\n"
            "│ @vera\nЗаявка 01JD3Z6W8Q5N2R4T6V8X0Y2A4C");
}

TEST(desk, the_edited_message_is_the_last_part_with_the_status_line_under_it) {
  storage::lead item;
  item.id = "ID";
  item.fields = {"Anna", "@anna", "a@b.co", std::string(5000, 'x')};
  storage::triage_state state;
  state.status = "taken";
  state.changed_by = {1, "Анна (@anna)"};
  state.changed_at = 11 * 3'600'000 + 5 * 60'000;  // 11:05 UTC
  const auto text = message_with_status(item, state, "take", 180);
  EXPECT_EQ(text, message_parts(item).back() + "\n\nВзял: Анна (@anna), 14:05");
  EXPECT_LE(utf16_units(text), max_message_units);
  EXPECT_EQ(message_with_status(item, storage::triage_state{}, "", 180),
            message_parts(item).back());
}

}  // namespace
}  // namespace landing::telegram
