#include "telegram/keyboard.hpp"

#include <gtest/gtest.h>

#include <map>

namespace landing::telegram {
namespace {

constexpr std::string_view id = "01JD3Z6W8Q5N2R4T6V8X0Y2A4C";

TEST(keyboard, follows_the_status_with_the_exact_callback_data) {
  EXPECT_EQ(
      keyboard_json("new", id),
      R"({"inline_keyboard":[[{"text":"Беру","callback_data":"take:01JD3Z6W8Q5N2R4T6V8X0Y2A4C"},)"
      R"({"text":"Спам","callback_data":"spam:01JD3Z6W8Q5N2R4T6V8X0Y2A4C"}]]})");
  EXPECT_EQ(
      keyboard_json("taken", id),
      R"({"inline_keyboard":[[{"text":"Готово","callback_data":"done:01JD3Z6W8Q5N2R4T6V8X0Y2A4C"},)"
      R"({"text":"Вернуть","callback_data":"release:01JD3Z6W8Q5N2R4T6V8X0Y2A4C"}]]})");
  EXPECT_EQ(
      keyboard_json("spam", id),
      R"({"inline_keyboard":[[{"text":"Не спам","callback_data":"unspam:01JD3Z6W8Q5N2R4T6V8X0Y2A4C"}]]})");
  EXPECT_EQ(keyboard_json("done", id), R"({"inline_keyboard":[]})");
}

TEST(keyboard, every_action_has_its_own_russian_label) {
  using leads::triage::action;
  const std::map<action, std::string_view> labels{{action::take, "Беру"},
                                                  {action::spam, "Спам"},
                                                  {action::done, "Готово"},
                                                  {action::release, "Вернуть"},
                                                  {action::unspam, "Не спам"}};
  for (const auto& [what, label] : labels) EXPECT_EQ(label_of(what), label);
}

TEST(keyboard, the_status_line_names_who_and_when_on_the_studio_clock) {
  storage::triage_state state;
  EXPECT_EQ(status_line(state, "take", 180), "");
  state.changed_by = {111, "Анна (@anna)"};
  state.changed_at = (11 * 60 + 5) * 60000LL;  // 11:05 UTC on 1970-01-01
  EXPECT_EQ(status_line(state, "take", 180), "Взял: Анна (@anna), 14:05");
  EXPECT_EQ(status_line(state, "done", 0), "Готово: Анна (@anna), 11:05");
  EXPECT_EQ(status_line(state, "release", -12 * 60), "Вернул: Анна (@anna), 23:05");
  EXPECT_EQ(status_line(state, "spam", 13 * 60), "Спам: Анна (@anna), 00:05");
  EXPECT_EQ(status_line(state, "unspam", 0), "Не спам: Анна (@anna), 11:05");
}

}  // namespace
}  // namespace landing::telegram
