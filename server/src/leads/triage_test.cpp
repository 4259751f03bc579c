#include "leads/triage.hpp"

#include <gtest/gtest.h>

#include <map>
#include <utility>

namespace landing::leads::triage {
namespace {

constexpr std::string_view id = "01JD3Z6W8Q5N2R4T6V8X0Y2A4C";

TEST(triage, callback_data_round_trips_for_every_action) {
  for (const auto what :
       {action::take, action::spam, action::done, action::release, action::unspam}) {
    const auto data = callback_data(what, id);
    EXPECT_LE(data.size(), 64U);  // Telegram's limit for callback_data
    const auto parsed = parse_callback(data);
    ASSERT_TRUE(parsed.has_value()) << data;
    EXPECT_EQ(parsed->what, what);
    EXPECT_EQ(parsed->lead_id, id);
  }
  EXPECT_EQ(callback_data(action::take, id), "take:01JD3Z6W8Q5N2R4T6V8X0Y2A4C");
  EXPECT_EQ(callback_data(action::unspam, id), "unspam:01JD3Z6W8Q5N2R4T6V8X0Y2A4C");
}

TEST(triage, refuses_callback_data_that_is_not_exactly_an_action_and_a_lead_id) {
  for (const std::string_view bad :
       {"", "take", "take:", ":01JD3Z6W8Q5N2R4T6V8X0Y2A4C", "grab:01JD3Z6W8Q5N2R4T6V8X0Y2A4C",
        "Take:01JD3Z6W8Q5N2R4T6V8X0Y2A4C", "take:01jd3z6w8q5n2r4t6v8x0y2a4c",
        "take:01JD3Z6W8Q5N2R4T6V8X0Y2A4", "take:01JD3Z6W8Q5N2R4T6V8X0Y2A4CC",
        "take:01JD3Z6W8Q5N2R4T6V8X0Y2AIC", "take:81JD3Z6W8Q5N2R4T6V8X0Y2A4C",
        "take:01JD3Z6W8Q5N2R4T6V8X0Y2A4C:x", "take :01JD3Z6W8Q5N2R4T6V8X0Y2A4C",
        "take:01JD3Z6W8Q5N2R4T6V8X0Y2A4C\n"}) {
    EXPECT_FALSE(parse_callback(bad).has_value()) << bad;
  }
}

TEST(triage, each_action_of_a_status_moves_the_lead_from_that_status) {
  const std::map<std::string_view, std::vector<action>> offered{
      {"new", {action::take, action::spam}},
      {"taken", {action::done, action::release}},
      {"spam", {action::unspam}},
      {"done", {}}};
  for (const auto& [status, expected] : offered) {
    const auto actions = actions_for(status);
    ASSERT_EQ(actions.size(), expected.size()) << status;
    for (std::size_t i = 0; i < actions.size(); ++i) {
      EXPECT_EQ(actions[i], expected[i]);
      EXPECT_EQ(move_of(actions[i]).from, status);
    }
  }
  EXPECT_EQ(move_of(action::take).to, "taken");
  EXPECT_EQ(move_of(action::spam).to, "spam");
  EXPECT_EQ(move_of(action::done).to, "done");
  EXPECT_EQ(move_of(action::release).to, "new");
  EXPECT_EQ(move_of(action::unspam).to, "new");
}

TEST(triage, a_take_names_the_taker_and_done_keeps_them) {
  const storage::actor anna{101, "Анна (@anna)"};
  const storage::actor boris{202, "Борис"};
  const auto taken = moved({}, "taken", anna, 1000);
  EXPECT_EQ(taken.status, "taken");
  EXPECT_EQ(taken.taken_by.id, 101);
  EXPECT_EQ(taken.taken_at, 1000);
  EXPECT_EQ(taken.changed_by.name, "Анна (@anna)");
  const auto done = moved(taken, "done", boris, 3000);
  EXPECT_EQ(done.taken_by.id, 101);  // done keeps who took it
  EXPECT_EQ(done.taken_at, 1000);
  EXPECT_EQ(done.done_at, 3000);
  EXPECT_EQ(done.changed_by.id, 202);
  EXPECT_EQ(done.changed_at, 3000);
}

TEST(triage, release_spam_and_unspam_leave_no_taker) {
  const storage::actor anna{101, "Анна"};
  const auto taken = moved({}, "taken", anna, 1000);
  for (const auto& [to, at] :
       std::vector<std::pair<std::string_view, std::int64_t>>{{"new", 2000}, {"spam", 3000}}) {
    const auto after = moved(taken, to, anna, at);
    EXPECT_EQ(after.status, to);
    EXPECT_EQ(after.taken_by.id, 0) << to;
    EXPECT_EQ(after.taken_at, 0) << to;
    EXPECT_EQ(after.done_at, 0) << to;
    EXPECT_EQ(after.changed_at, at);
  }
  const auto unspammed = moved(moved({}, "spam", anna, 1000), "new", anna, 4000);
  EXPECT_EQ(unspammed.status, "new");
  EXPECT_EQ(unspammed.taken_by.id, 0);
  // A take after done starts over: a new taker, no done time.
  const auto again = moved(moved(taken, "done", anna, 2000), "taken", {7, "Вера"}, 5000);
  EXPECT_EQ(again.taken_by.id, 7);
  EXPECT_EQ(again.done_at, 0);
}

}  // namespace
}  // namespace landing::leads::triage
