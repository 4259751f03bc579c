#include "telegram/cleanup.hpp"

#include <gtest/gtest.h>

namespace landing::telegram {
namespace {

using std::chrono::hours;

TEST(chat_cleanup, deletes_inside_the_window_and_edits_after_it) {
  constexpr std::int64_t sent = 1'790'000'000'000;
  const std::chrono::milliseconds window = hours(47);
  EXPECT_EQ(action_for(sent, sent, window), cleanup_action::remove);
  EXPECT_EQ(action_for(sent, sent + hours(47).count() - 1, window), cleanup_action::remove);
  EXPECT_EQ(action_for(sent, sent + std::chrono::milliseconds(hours(47)).count(), window),
            cleanup_action::blank);
  EXPECT_EQ(action_for(sent, sent + std::chrono::milliseconds(hours(24 * 30)).count(), window),
            cleanup_action::blank);
}

TEST(chat_cleanup, an_edited_copy_names_the_lead_and_why_and_nothing_of_the_person) {
  EXPECT_EQ(blank_text("01JD3Z6W8Q5N2R4T6V8X0Y2A4C", "retention"),
            "Заявка 01JD3Z6W8Q5N2R4T6V8X0Y2A4C удалена: срок хранения истёк");
  EXPECT_EQ(blank_text("01JD3Z6W8Q5N2R4T6V8X0Y2A4C", "request"),
            "Заявка 01JD3Z6W8Q5N2R4T6V8X0Y2A4C удалена по запросу");
}

}  // namespace
}  // namespace landing::telegram
