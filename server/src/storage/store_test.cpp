// The behaviour every engine owes the rest of the server, run against each engine: SQLite in a
// temporary file, PostgreSQL on the tests' own server.
#include "storage/store.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <ostream>
#include <thread>

#include "common/clock.hpp"
#include "storage/copy.hpp"
#include "storage/engines_testing.hpp"

namespace landing::storage {
namespace {

using testing::engine;
using testing::engines;

// A click as the desk makes it. What a move changes is the desk's rule (leads/triage, tested
// there); this stand-in names the taker on a take and stamps done, and the store's part is to
// apply it to the state the lead is in when the click's transaction runs.
triage_change click_on(triage_role& target, const std::string& id, const std::string& from,
                       const std::string& to, const std::string& action, const actor& who,
                       std::int64_t at, const std::string& click_id) {
  return target.change_triage(id, from,
                              [&](triage_state now) {
                                now.status = to;
                                now.changed_by = who;
                                now.changed_at = at;
                                if (to == "taken") {
                                  now.taken_by = who;
                                  now.taken_at = at;
                                }
                                if (to == "done") now.done_at = at;
                                return now;
                              },
                              {action, who, at, click_id});
}

class store_suite : public ::testing::TestWithParam<engine> {
 protected:
  void SetUp() override { store = GetParam().open(dir); }
  void TearDown() override { store->stop(); }
  std::string add(bool spam = false, bool held = false, const std::string& client = "10.0.0.1") {
    return store
        ->insert_batch({{{"Anna", "@anna", "a@b.co", "Hello"}, "en", client, spam}},
                       held ? std::vector<std::string>{} : std::vector<std::string>{"telegram"})
        .front();
  }
  // The Telegram channel's outbox, as the tests of one channel use it.
  std::optional<lead> claim(const std::string& owner, std::int64_t at, std::int64_t lease,
                            const std::vector<std::string>& skip) {
    auto claimed = store->claim_next("telegram", owner, at, lease, skip);
    if (!claimed) return std::nullopt;
    return std::move(claimed->item);
  }
  std::optional<std::int64_t> due(const std::string& owner, std::int64_t at) {
    return store->next_due_at("telegram", owner, at);
  }
  void deliver_at(const std::string& id, std::int64_t at, const sent_message& where) {
    store->mark_delivered("telegram", id, {at, "ok", 0}, where);
  }
  void fail_with(const std::string& id, const std::string& reason) {
    store->mark_failed("telegram", id, reason, {clock::now_ms(), "refused", 0});
  }
  void retry_at(const std::string& id, std::int64_t next, const std::string& error) {
    store->reschedule("telegram", id, next, error, {clock::now_ms(), "error", 0});
  }
  // The lead's Telegram row.
  channel_delivery row(const std::string& id) {
    const auto found = store->find(id);
    if (!found) return {};
    for (const auto& each : found->deliveries) {
      if (each.channel == "telegram") return each;
    }
    return {};
  }
  landing::testing::temp_folder dir;
  std::unique_ptr<lead_store> store;
};

TEST_P(store_suite, keeps_a_lead_and_its_outbox_row_together) {
  const auto id = add();
  const auto found = store->find(id);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->status, "pending");
  EXPECT_EQ(found->fields.message, "Hello");
  EXPECT_EQ(found->client, "10.0.0.1");
  const auto claimed = claim("a", clock::now_ms(), 30000, {});
  ASSERT_TRUE(claimed.has_value());
  EXPECT_EQ(claimed->id, id);
  EXPECT_EQ(store->check(true).channels.at(0).pending, 1);
  // A check that skips the figures still checks the store, and counts nothing.
  const auto quick = store->check(false);
  EXPECT_EQ(quick.problem, fault::none);
  EXPECT_TRUE(quick.channels.empty());
}

TEST_P(store_suite, keeps_text_of_every_kind_as_it_came) {
  const std::string odd = "Quote \" backslash \\ comma , braces {} Анна 😀\nline two\t'";
  const auto id =
      store->insert_batch({{{odd, odd, odd, odd}, "ru", odd, false}}, {"telegram"}).front();
  const auto found = store->find(id);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->fields.name, odd);
  EXPECT_EQ(found->fields.message, odd);
  EXPECT_EQ(found->client, odd);
}

TEST_P(store_suite,
       keeps_a_leads_source_class_and_consent_record_and_carries_them_to_another_engine) {
  new_lead item{{"Anna", "@anna", "a@b.co", "Hello"}, "en", "10.0.0.1", false};
  item.source = R"({"utm_source":"Telegram","landing":"/en"})";
  item.source_class = "telegram";
  item.consent_version = std::string(64, 'c');
  const auto id = store->insert_batch({item}, {"telegram"}).front();
  const auto unknown = add();
  const auto found = store->find(id);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->source, item.source);
  EXPECT_EQ(found->source_class, "telegram");
  EXPECT_EQ(found->consent_version, item.consent_version);
  EXPECT_EQ(store->find(unknown)->source, "");
  EXPECT_EQ(store->find(unknown)->consent_version, "");
  EXPECT_EQ(claim("a", clock::now_ms(), 30000, {})->source, item.source);
  landing::testing::temp_folder other_dir;
  auto other = GetParam().open(other_dir);
  for (const auto& stored : store->export_all()) EXPECT_TRUE(other->import(stored));
  EXPECT_EQ(other->find(id)->source, item.source);
  EXPECT_EQ(other->find(id)->source_class, "telegram");
  EXPECT_EQ(other->find(id)->consent_version, item.consent_version);
  EXPECT_EQ(other->find(unknown)->source_class, "");
  other->stop();
}

TEST_P(store_suite, spam_is_stored_but_not_queued_and_held_waits) {
  add(true);
  add(false, true);
  EXPECT_EQ(store->list("spam").size(), 1U);
  EXPECT_EQ(store->list("held").size(), 1U);
  EXPECT_FALSE(due("a", clock::now_ms()).has_value());
  EXPECT_EQ(store->release_held({"telegram"}), 1);
  EXPECT_TRUE(claim("a", clock::now_ms(), 30000, {}).has_value());
}

TEST_P(store_suite, outcomes_move_a_lead_out_of_the_outbox) {
  const auto delivered = add();
  const auto failed = add();
  const auto later = add();
  const auto at = clock::now_ms();
  deliver_at(delivered, at, {});
  fail_with(failed, "http 400: chat not found");
  retry_at(later, at + 60000, "http 502");
  EXPECT_EQ(store->find(delivered)->status, "delivered");
  EXPECT_EQ(store->find(delivered)->delivered_at, at);
  EXPECT_EQ(row(failed).last_error, "http 400: chat not found");
  EXPECT_EQ(row(later).attempts, 1);
  EXPECT_EQ(due("a", at), at + 60000);
  EXPECT_FALSE(claim("a", at, 30000, {}).has_value());
  EXPECT_EQ(claim("a", at + 60000, 30000, {})->id, later);
  EXPECT_TRUE(store->retry(failed, ""));
  EXPECT_FALSE(store->retry(delivered, ""));
  EXPECT_FALSE(store->retry("no-such-lead", ""));
  const auto health = store->check(true);
  EXPECT_EQ(health.problem, fault::none);
  ASSERT_EQ(health.channels.size(), 1U);
  EXPECT_EQ(health.channels[0].pending, 2);
  EXPECT_EQ(health.channels[0].delivered, 1);
  EXPECT_EQ(health.channels[0].last_delivered_at, at);
}

TEST_P(store_suite, a_claim_keeps_a_lead_from_other_owners_until_its_lease_ends) {
  const auto first = add();
  const auto second = add();
  const auto at = clock::now_ms();
  EXPECT_EQ(claim("a", at, 30000, {})->id, first);
  // b gets the next one, not the one a holds.
  EXPECT_EQ(claim("b", at, 30000, {})->id, second);
  EXPECT_FALSE(claim("c", at, 30000, {}).has_value());
  EXPECT_EQ(due("c", at), at + 30000);
  // a claims its own again; once the lease is over, anyone may.
  EXPECT_EQ(claim("a", at, 30000, {})->id, first);
  EXPECT_EQ(claim("c", at + 30001, 30000, {})->id, first);
  // An outcome ends the claim.
  retry_at(second, at, "retry");
  EXPECT_EQ(claim("c", at + 1, 30000, {first})->id, second);
}

// next_due_at stops at the first row in due order nobody else holds; rows held ahead of it may
// still be free sooner, and must be weighed (a walk that stopped at the first free row, or at
// the first row, would get one of these wrong).
TEST_P(store_suite, the_next_due_time_weighs_held_rows_ahead_of_the_first_free_one) {
  const auto held = add();
  const auto later = add();
  const auto at = clock::now_ms();
  retry_at(held, at, "retry");
  retry_at(later, at + 10000, "retry");
  EXPECT_EQ(claim("b", at, 30000, {})->id, held);
  // Held for 30 s: for anyone else the row due in 10 s comes first; b's own claim holds b back
  // from nothing.
  EXPECT_EQ(due("c", at), at + 10000);
  EXPECT_EQ(due("b", at), at);
  // Held for 5 s only: that row is free before the other is due.
  EXPECT_EQ(claim("b", at, 5000, {})->id, held);
  EXPECT_EQ(due("c", at), at + 5000);
  // Every row held: the claim that ends first; once it has ended, that row is due since `at`.
  EXPECT_EQ(claim("d", at + 10000, 60000, {held})->id, later);
  EXPECT_EQ(due("c", at + 1000), at + 5000);
  EXPECT_EQ(due("c", at + 6000), at);
}

TEST_P(store_suite, claims_skip_the_ids_asked_and_go_in_due_order) {
  const auto first = add();
  const auto second = add();
  const auto at = clock::now_ms();
  retry_at(first, at + 5, "later");
  EXPECT_EQ(claim("a", at + 10, 30000, {})->id, second);
  EXPECT_EQ(claim("b", at + 10, 30000, {second})->id, first);
}

TEST_P(store_suite, one_owner_at_a_time_has_the_chat_and_pacing_holds_for_all) {
  const auto at = clock::now_ms();
  EXPECT_TRUE(store->take_turn("a", at, 10000).granted);
  const auto waiting = store->take_turn("b", at, 10000);
  EXPECT_FALSE(waiting.granted);
  EXPECT_EQ(waiting.retry_at, at + 10000);
  store->end_turn("a", at + 1000);
  const auto paced = store->take_turn("b", at + 500, 10000);
  EXPECT_FALSE(paced.granted);
  EXPECT_EQ(paced.retry_at, at + 1000);
  EXPECT_TRUE(store->take_turn("b", at + 1000, 10000).granted);
  // A turn whose owner died ends with its hold.
  EXPECT_TRUE(store->take_turn("c", at + 11001, 10000).granted);
  // A 429 seen by anyone pauses everyone; an earlier time never shortens a pause.
  store->end_turn("c", at + 60000);
  store->end_turn("b", at + 2000);
  EXPECT_EQ(store->take_turn("a", at + 3000, 10000).retry_at, at + 60000);
}

TEST_P(store_suite, export_and_import_carry_a_lead_whole_and_only_once) {
  const auto queued = add();
  const auto done = add();
  retry_at(queued, 12345, "http 502");
  deliver_at(done, 777, {});
  const auto exported = store->export_all();
  ASSERT_EQ(exported.size(), 2U);
  landing::testing::temp_folder other_dir;
  auto other = GetParam().open(other_dir);
  for (const auto& item : exported) EXPECT_TRUE(other->import(item));
  for (const auto& item : exported) EXPECT_FALSE(other->import(item));
  EXPECT_EQ(other->find(queued)->deliveries.at(0).last_error, "http 502");
  EXPECT_EQ(other->find(done)->delivered_at, 777);
  EXPECT_EQ(other->next_due_at("telegram", "a", 0), 12345);
  other->stop();
}

TEST_P(store_suite, export_and_import_carry_the_desk_of_a_lead_and_the_settings_stay_apart) {
  const auto taken = add();
  const auto reminded = add();
  const auto untouched = add();
  deliver_at(taken, 1000, {-100, 7});
  deliver_at(reminded, 1000, {-100, 8});
  deliver_at(untouched, 1000, {});
  const actor anna{101, "Анна (@anna)"};
  ASSERT_TRUE(click_on(*store, taken, "new", "taken", "take", anna, 2000, "q1").applied);
  ASSERT_TRUE(click_on(*store, taken, "taken", "done", "done", anna, 3000, "").applied);
  ASSERT_TRUE(store->claim_reminder(reminded, 2500));
  store->set_setting("telegram.update_offset", "77");
  landing::testing::temp_folder other_dir;
  auto other = GetParam().open(other_dir);
  for (const auto& item : store->export_all()) EXPECT_TRUE(other->import(item));
  const auto state = other->triage_of(taken);
  EXPECT_EQ(state->status, "done");
  EXPECT_EQ(state->taken_by.name, "Анна (@anna)");
  EXPECT_EQ(state->taken_at, 2000);
  EXPECT_EQ(state->done_at, 3000);
  const auto history = other->events_of(taken);
  ASSERT_EQ(history.size(), 2U);
  EXPECT_EQ(history[0].click_id, "q1");
  EXPECT_EQ(history[1].action, "done");
  // The click already counted stays counted; the reminder already sent stays sent.
  EXPECT_TRUE(click_on(*other, taken, "done", "new", "take", anna, 4000, "q1").repeated);
  EXPECT_FALSE(other->claim_reminder(reminded, 5000));
  EXPECT_TRUE(other->claim_reminder(taken, 5000));
  EXPECT_EQ(other->triage_of(untouched)->status, "new");
  EXPECT_TRUE(other->events_of(untouched).empty());
  EXPECT_FALSE(other->setting("telegram.update_offset").has_value());  // copy_leads' part
  EXPECT_EQ(store->settings(),
            (std::vector<std::pair<std::string, std::string>>{{"telegram.update_offset", "77"}}));
  other->stop();
}

TEST_P(store_suite, erasing_a_lead_takes_everything_with_it_and_leaves_a_record_without_it) {
  new_lead item{{"Marker Name", "@marker_handle", "Marker@Example.com", "marker message"},
                "ru",
                "10.9.8.7",
                false};
  item.source = R"({"utm_source":"marker-source"})";
  item.source_class = "marker-source";
  item.consent_version = std::string(64, 'c');
  const auto id = store->insert_batch({item}, {"telegram"}).front();
  const auto queued = add();
  deliver_at(id, 5000, {-100, 77});
  const actor anna{101, "Анна"};
  ASSERT_TRUE(click_on(*store, id, "new", "taken", "take", anna, 6000, "q1").applied);
  EXPECT_EQ(store->leads_of("marker@example.COM"), std::vector<std::string>{id});
  const auto records =
      store->erase({id, queued, "01JD3Z6W8Q5N2R4T6V8X0Y2A4C"}, "request", "ticket 42", 9000);
  ASSERT_EQ(records.size(), 2U);  // an id not there is skipped
  EXPECT_EQ(records[0].lead_id, id);
  EXPECT_EQ(records[0].reason, "request");
  EXPECT_EQ(records[0].note, "ticket 42");
  EXPECT_EQ(records[0].erased_at, 9000);
  EXPECT_EQ(records[0].removed, "lead,consent,source,triage,history:1,message");
  EXPECT_EQ(records[0].delivery, "delivered");
  EXPECT_EQ(records[0].chat, "pending");
  EXPECT_EQ(records[1].delivery, "cancelled");
  EXPECT_EQ(records[1].removed, "lead,consent,source,outbox");
  EXPECT_EQ(records[1].chat, "none");
  EXPECT_FALSE(store->find(id));
  EXPECT_FALSE(store->triage_of(id));
  EXPECT_TRUE(store->events_of(id).empty());
  EXPECT_TRUE(store->leads_of("marker@example.com").empty());
  EXPECT_FALSE(claim("a", clock::now_ms() + 1000, 30000, {}));  // nothing to send
  EXPECT_TRUE(store->check(true).channels.empty());             // no row left, of any lead
  const auto copies = store->chat_copies(std::numeric_limits<std::int64_t>::max(), 10);
  ASSERT_EQ(copies.size(), 1U);
  EXPECT_EQ(copies[0].message_id, 77);
  EXPECT_EQ(copies[0].sent_at, 5000);
  // Erased in the same millisecond, the records come back in id order.
  auto by_id = records;
  std::sort(by_id.begin(), by_id.end(),
            [](const erasure& a, const erasure& b) { return a.lead_id < b.lead_id; });
  EXPECT_EQ(store->erasures(0), by_id);
  EXPECT_TRUE(store->erasures(9001).empty());
  // Erasing again finds nothing and writes nothing.
  EXPECT_TRUE(store->erase({id}, "request", "", 9500).empty());
  // The records carry no personal data.
  for (const auto& record : store->erasures(0)) {
    for (const auto& field : {record.note, record.removed, record.delivery, record.chat}) {
      for (const char* marker : {"Marker", "marker", "10.9.8.7"}) {
        EXPECT_EQ(field.find(marker), std::string::npos) << field;
      }
    }
  }
}

TEST_P(store_suite, a_lead_erased_while_in_flight_leaves_its_message_for_the_chats_cleanup) {
  const auto id = add();
  ASSERT_TRUE(claim("a", clock::now_ms() + 1000, 30000, {}));
  const auto records = store->erase({id}, "retention", "", 7000);
  ASSERT_EQ(records.size(), 1U);
  EXPECT_EQ(records[0].chat, "none");
  // The send that was under way succeeds afterwards: no error, and its message is queued.
  deliver_at(id, 7100, {-100, 99});
  EXPECT_FALSE(store->find(id));
  const auto copies = store->chat_copies(std::numeric_limits<std::int64_t>::max(), 10);
  ASSERT_EQ(copies.size(), 1U);
  EXPECT_EQ(copies[0].message_id, 99);
  EXPECT_EQ(copies[0].reason, "retention");
  EXPECT_EQ(store->erasures(0)[0].chat, "pending");
  retry_at(id, 8000, "http 502");
  fail_with(id, "gave up");
  EXPECT_FALSE(store->find(id));
}

TEST_P(store_suite, a_chat_copy_waits_for_its_next_try_and_its_outcome_goes_into_the_record) {
  const auto id = add();
  deliver_at(id, 5000, {-100, 77});
  store->erase({id}, "request", "", 9000);
  ASSERT_EQ(store->chat_copies(0, 10).size(), 1U);
  store->chat_copy_later(id, 20000);
  EXPECT_TRUE(store->chat_copies(19999, 10).empty());
  const auto due = store->chat_copies(20000, 10);
  ASSERT_EQ(due.size(), 1U);
  EXPECT_EQ(due[0].attempts, 1);
  store->chat_copy_done(id, "deleted");
  EXPECT_TRUE(store->chat_copies(std::numeric_limits<std::int64_t>::max(), 10).empty());
  EXPECT_EQ(store->erasures(0)[0].chat, "deleted");
}

TEST_P(store_suite, expired_leads_are_the_ones_created_before_the_cutoff_oldest_first) {
  std::string old_one;
  std::string older;
  {
    const clock::fake at(1'000'000);
    older = add();
  }
  {
    const clock::fake at(2'000'000);
    old_one = add();
  }
  const auto fresh = add();
  EXPECT_EQ(store->expired(3'000'000, 10), (std::vector<std::string>{older, old_one}));
  EXPECT_EQ(store->expired(3'000'000, 1), std::vector<std::string>{older});
  EXPECT_EQ(store->expired(1'500'000, 10), std::vector<std::string>{older});
  EXPECT_TRUE(store->expired(500'000, 10).empty());
  (void)fresh;
}

TEST_P(store_suite, erasure_records_and_chat_copies_travel_to_another_engine) {
  const auto id = add();
  deliver_at(id, 5000, {-100, 77});
  store->erase({id}, "retention", "", 9000);
  landing::testing::temp_folder other_dir;
  auto other = GetParam().open(other_dir);
  const auto report = copy_leads(*store, *other);
  EXPECT_EQ(report.erasures_copied, 1U);
  EXPECT_EQ(other->erasures(0), store->erasures(0));
  EXPECT_EQ(other->chat_copies(std::numeric_limits<std::int64_t>::max(), 10).size(), 1U);
  EXPECT_EQ(copy_leads(*store, *other).erasures_copied, 0U);
  other->stop();
}

// A day's aggregate as the vitals writer hands it over.
vitals_aggregate sample_vitals(std::int64_t day, const std::string& locale, std::uint64_t times,
                               double value) {
  vitals_aggregate out;
  out.key = {day, "/:locale", locale, "mobile", "LCP"};
  out.count = times;
  out.good = times;
  out.min = value;
  out.max = value * 2;
  out.buckets = {{10, times - 1}, {12, 1}};
  out.targets = {{"main>h1", "", times}};
  return out;
}

TEST_P(store_suite, visits_add_up_by_day_locale_and_class_and_a_day_keeps_a_bounded_set) {
  store->add_visits({{20000, "en", "google", 3}, {20000, "ru", "direct", 1}}, 3, "other");
  store->add_visits({{20000, "en", "google", 2}, {20001, "en", "vc.ru", 1}}, 3, "other");
  // The day has google and direct; one more class fits, the next ones are counted as other,
  // and a class the day already has keeps counting in any locale.
  store->add_visits({{20000, "en", "t.me", 1},
                     {20000, "en", "made-up-1", 4},
                     {20000, "ru", "made-up-2", 5},
                     {20000, "ru", "google", 1}},
                    3, "other");
  EXPECT_EQ(store->read_visits(0, ""), (std::vector<visit_count>{{20000, "en", "google", 5},
                                                                 {20000, "en", "other", 4},
                                                                 {20000, "en", "t.me", 1},
                                                                 {20000, "ru", "direct", 1},
                                                                 {20000, "ru", "google", 1},
                                                                 {20000, "ru", "other", 5},
                                                                 {20001, "en", "vc.ru", 1}}));
  EXPECT_EQ(store->read_visits(20001, "").size(), 1U);
  EXPECT_EQ(store->read_visits(0, "ru").size(), 3U);
  EXPECT_EQ(store->prune_visits(20001), 6);
  EXPECT_EQ(store->read_visits(0, "").size(), 1U);
}

TEST_P(store_suite, vitals_batches_add_up_key_by_key) {
  store->add_vitals({sample_vitals(20000, "en", 3, 100), sample_vitals(20000, "ru", 2, 50)});
  auto more = sample_vitals(20000, "en", 4, 80);
  more.poor = 1;
  more.good = 3;
  more.max = 400;
  more.buckets = {{12, 2}, {40, 2}};
  more.targets = {{"main>h1", "", 1}, {"#hero img", "", 3}};
  store->add_vitals({more});
  const auto rows = store->read_vitals({});
  ASSERT_EQ(rows.size(), 2U);
  const auto& en = rows[0];
  EXPECT_EQ(en.key.locale, "en");
  EXPECT_EQ(en.count, 7U);
  EXPECT_EQ(en.good, 6U);
  EXPECT_EQ(en.poor, 1U);
  EXPECT_DOUBLE_EQ(en.min, 80);
  EXPECT_DOUBLE_EQ(en.max, 400);
  ASSERT_EQ(en.buckets.size(), 3U);
  EXPECT_EQ(en.buckets[0].index, 10U);
  EXPECT_EQ(en.buckets[0].count, 2U);
  EXPECT_EQ(en.buckets[1].count, 3U);
  EXPECT_EQ(en.buckets[2].index, 40U);
  ASSERT_EQ(en.targets.size(), 2U);
  EXPECT_EQ(en.targets[0].target, "main>h1");
  EXPECT_EQ(en.targets[0].count, 4U);
  EXPECT_EQ(rows[1].count, 2U);
}

TEST_P(store_suite, vitals_keep_exact_values_and_any_target_text) {
  auto odd = sample_vitals(20001, "en", 1, 0.0001);
  odd.key.metric = "CLS";
  odd.min = 0.12345678901234;
  odd.max = 9.9999;
  odd.buckets = {{1, 1}};
  odd.targets = {{"a[title=\"x\\\"y\"] > p:nth-child(2)", "", 1}, {"button", "keyboard", 1}};
  store->add_vitals({odd});
  const auto rows = store->read_vitals({});
  ASSERT_EQ(rows.size(), 1U);
  EXPECT_EQ(rows[0].min, 0.12345678901234);
  EXPECT_EQ(rows[0].max, 9.9999);
  ASSERT_EQ(rows[0].targets.size(), 2U);
  EXPECT_EQ(rows[0].targets[0].target, "a[title=\"x\\\"y\"] > p:nth-child(2)");
  EXPECT_EQ(rows[0].targets[1].interaction_type, "keyboard");
}

TEST_P(store_suite, vitals_queries_filter_by_day_route_locale_and_device) {
  auto desktop = sample_vitals(20010, "en", 1, 10);
  desktop.key.device = "desktop";
  store->add_vitals({sample_vitals(20008, "en", 1, 10), sample_vitals(20009, "ru", 1, 10), desktop,
                     sample_vitals(20010, "en", 1, 10)});
  EXPECT_EQ(store->read_vitals({}).size(), 4U);
  EXPECT_EQ(store->read_vitals({20009, "", "", ""}).size(), 3U);
  EXPECT_EQ(store->read_vitals({0, "", "en", ""}).size(), 3U);
  EXPECT_EQ(store->read_vitals({0, "", "en", "desktop"}).size(), 1U);
  EXPECT_EQ(store->read_vitals({0, "/other", "", ""}).size(), 0U);
  EXPECT_EQ(store->read_vitals({0, "/:locale", "ru", "mobile"}).size(), 1U);
}

TEST_P(store_suite, vitals_targets_stay_bounded_and_the_rest_is_counted_as_others) {
  std::uint64_t sent = 0;
  for (int round = 0; round < 3; ++round) {
    auto batch = sample_vitals(20000, "en", 100, 10);
    batch.targets.clear();
    for (int i = 0; i < 15; ++i) {
      const auto times = static_cast<std::uint64_t>(100 - round * 15 - i);
      batch.targets.push_back({"#t" + std::to_string(round * 15 + i), "", times});
      sent += times;
    }
    store->add_vitals({batch});
  }
  const auto rows = store->read_vitals({});
  ASSERT_EQ(rows.size(), 1U);
  const auto& targets = rows[0].targets;
  ASSERT_EQ(targets.size(), vitals_targets_kept + 1);
  std::uint64_t kept = 0;
  std::uint64_t others = 0;
  for (const auto& each : targets) (each.target.empty() ? others : kept) += each.count;
  EXPECT_EQ(kept + others, sent);
  // The most frequent ones are those kept: #t0 (100) first, #t19 (81) last. Others, larger than
  // any of them here, still sort by their count.
  EXPECT_EQ(targets[0].target, "");
  EXPECT_EQ(targets[1].target, "#t0");
  EXPECT_GT(others, 0U);
  for (const auto& each : targets) {
    if (!each.target.empty()) {
      EXPECT_GE(each.count, 81U) << each.target;
    }
  }
}

TEST_P(store_suite, vitals_of_days_before_the_retention_are_pruned) {
  store->add_vitals({sample_vitals(19990, "en", 2, 10), sample_vitals(19999, "en", 2, 10),
                     sample_vitals(20000, "en", 2, 10)});
  // Per day: its daily row, two buckets, one target.
  EXPECT_EQ(store->prune_vitals(20000), 8);
  const auto rows = store->read_vitals({});
  ASSERT_EQ(rows.size(), 1U);
  EXPECT_EQ(rows[0].key.day, 20000);
  EXPECT_EQ(store->prune_vitals(20000), 0);
}

TEST_P(store_suite, vitals_written_from_several_threads_all_count) {
  std::vector<std::thread> writers;
  for (int t = 0; t < 4; ++t) {
    writers.emplace_back([&] {
      for (int i = 0; i < 10; ++i) store->add_vitals({sample_vitals(20000, "en", 2, 10)});
    });
  }
  for (auto& each : writers) each.join();
  const auto rows = store->read_vitals({});
  ASSERT_EQ(rows.size(), 1U);
  EXPECT_EQ(rows[0].count, 80U);
  EXPECT_EQ(rows[0].targets.front().count, 80U);
}

TEST_P(store_suite,
       triage_moves_a_lead_only_from_the_status_a_click_expects_and_keeps_its_history) {
  const auto id = add();
  EXPECT_EQ(store->triage_of(id)->status, "new");
  const actor anna{101, "Анна (@anna)"};
  const actor boris{202, "Борис"};
  auto change = click_on(*store, id, "new", "taken", "take", anna, 1000, "");
  EXPECT_TRUE(change.applied);
  EXPECT_EQ(change.now.status, "taken");
  EXPECT_EQ(change.now.taken_by.name, "Анна (@anna)");
  // A second «Беру» is out of date: nothing moves, and the state says who has it.
  change = click_on(*store, id, "new", "taken", "take", boris, 2000, "");
  EXPECT_FALSE(change.applied);
  EXPECT_EQ(change.now.taken_by.id, 101);
  EXPECT_EQ(change.now.taken_at, 1000);
  change = click_on(*store, id, "taken", "done", "done", boris, 3000, "");
  EXPECT_TRUE(change.applied);
  EXPECT_EQ(change.now.taken_by.id, 101);  // done keeps who took it
  EXPECT_EQ(change.now.done_at, 3000);
  EXPECT_EQ(store->triage_of(id)->status, "done");
  const auto history = store->events_of(id);
  ASSERT_EQ(history.size(), 2U);
  EXPECT_EQ(history[0].action, "take");
  EXPECT_EQ(history[0].by.id, 101);
  EXPECT_EQ(history[1].action, "done");
  EXPECT_EQ(history[1].by.name, "Борис");
  EXPECT_EQ(history[1].at, 3000);
}

TEST_P(store_suite, triage_release_and_unspam_bring_a_lead_back_to_new_with_no_taker) {
  const auto id = add();
  const actor anna{101, "Анна"};
  ASSERT_TRUE(click_on(*store, id, "new", "taken", "take", anna, 1000, "").applied);
  auto change = click_on(*store, id, "taken", "new", "release", anna, 2000, "");
  EXPECT_TRUE(change.applied);
  EXPECT_EQ(change.now.status, "new");
  EXPECT_EQ(change.now.changed_at, 2000);
  ASSERT_TRUE(click_on(*store, id, "new", "spam", "spam", anna, 3000, "").applied);
  change = click_on(*store, id, "spam", "new", "unspam", anna, 4000, "");
  EXPECT_TRUE(change.applied);
  EXPECT_EQ(store->triage_of(id)->status, "new");
  EXPECT_EQ(store->events_of(id).size(), 4U);
  const auto missing =
      click_on(*store, "01JD3Z6W8Q5N2R4T6V8X0Y2A4C", "new", "taken", "take", anna, 5000, "");
  EXPECT_FALSE(missing.found);
  EXPECT_FALSE(missing.applied);
  EXPECT_FALSE(store->triage_of("01JD3Z6W8Q5N2R4T6V8X0Y2A4C").has_value());
}

TEST_P(store_suite, of_managers_taking_one_lead_at_once_exactly_one_wins) {
  for (int round = 0; round < 5; ++round) {
    const auto id = add();
    std::atomic<int> wins{0};
    std::vector<std::thread> managers;
    for (int m = 1; m <= 4; ++m) {
      managers.emplace_back([&, m] {
        const actor who{m, "manager " + std::to_string(m)};
        if (click_on(*store, id, "new", "taken", "take", who, 1000 + m, "").applied) ++wins;
      });
    }
    for (auto& each : managers) each.join();
    EXPECT_EQ(wins.load(), 1);
    EXPECT_EQ(store->events_of(id).size(), 1U);
    EXPECT_EQ(store->triage_of(id)->taken_by.id, store->events_of(id)[0].by.id);
  }
}

TEST_P(store_suite, the_same_click_handed_over_twice_changes_nothing_the_second_time) {
  const auto id = add();
  const actor anna{101, "Анна"};
  ASSERT_TRUE(click_on(*store, id, "new", "taken", "take", anna, 1000, "q1").applied);
  ASSERT_TRUE(click_on(*store, id, "taken", "new", "release", anna, 2000, "q2").applied);
  // Replayed after a crash: the take would apply again to the lead, new once more; it does not.
  const auto again = click_on(*store, id, "new", "taken", "take", anna, 1000, "q1");
  EXPECT_FALSE(again.applied);
  EXPECT_TRUE(again.repeated);
  EXPECT_EQ(again.now.status, "new");
  EXPECT_EQ(store->events_of(id).size(), 2U);
  // Clicks without an id (the operators' own) never count as repeats.
  EXPECT_TRUE(click_on(*store, id, "new", "taken", "take", anna, 3000, "").applied);
  EXPECT_TRUE(click_on(*store, id, "taken", "new", "release", anna, 3100, "").applied);
}

TEST_P(store_suite, settings_are_kept_and_replaced) {
  EXPECT_FALSE(store->setting("telegram.offset").has_value());
  store->set_setting("telegram.offset", "41");
  store->set_setting("telegram.offset", "42");
  store->set_setting("telegram.chat_id", "-1001234567890");
  EXPECT_EQ(store->setting("telegram.offset"), "42");
  EXPECT_EQ(store->setting("telegram.chat_id"), "-1001234567890");
}

TEST_P(store_suite, a_delivered_lead_nobody_took_is_due_for_one_reminder_only) {
  const auto waiting = add();
  const auto taken = add();
  const auto early = add();
  const auto unknown_message = add();
  const auto pending = add();
  deliver_at(waiting, 1000, {-100, 11});
  deliver_at(taken, 1000, {-100, 12});
  deliver_at(early, 5000, {-100, 13});
  deliver_at(unknown_message, 1000, {});
  ASSERT_TRUE(click_on(*store, taken, "new", "taken", "take", {1, "Анна"}, 1500, "").applied);
  // Only the lead delivered by then, still new, with a known message; the pending one has none.
  auto due = store->due_reminders(2000, 10);
  ASSERT_EQ(due.size(), 1U);
  EXPECT_EQ(due[0].item.id, waiting);
  EXPECT_EQ(due[0].item.fields.name, "Anna");
  EXPECT_EQ(due[0].where.chat_id, -100);
  EXPECT_EQ(due[0].where.message_id, 11);
  // A released lead is new again, and its reminder is due too.
  ASSERT_TRUE(click_on(*store, taken, "taken", "new", "release", {1, "Анна"}, 1600, "").applied);
  EXPECT_EQ(store->due_reminders(2000, 10).size(), 2U);
  EXPECT_EQ(store->due_reminders(2000, 1).size(), 1U);
  // Claimed once: never due again, and a second claim (another replica) is refused.
  EXPECT_TRUE(store->claim_reminder(waiting, 2100));
  EXPECT_FALSE(store->claim_reminder(waiting, 2200));
  due = store->due_reminders(9000, 10);
  ASSERT_EQ(due.size(), 2U);
  EXPECT_EQ(due[0].item.id, taken);
  EXPECT_EQ(due[1].item.id, early);
  EXPECT_FALSE(store->claim_reminder(pending, 2100));  // no message: nothing to remind of
}

TEST_P(store_suite, triage_counts_and_states_cover_every_delivered_lead) {
  const std::vector<std::string> ids{add(), add(), add(), add(), add()};
  for (const auto& id : ids) deliver_at(id, 1000, {-100, 1});
  const actor anna{1, "Анна"};
  ASSERT_TRUE(click_on(*store, ids[0], "new", "taken", "take", anna, 2000, "").applied);
  ASSERT_TRUE(click_on(*store, ids[1], "new", "taken", "take", anna, 2000, "").applied);
  ASSERT_TRUE(click_on(*store, ids[1], "taken", "done", "done", anna, 3000, "").applied);
  ASSERT_TRUE(click_on(*store, ids[2], "new", "spam", "spam", anna, 2000, "").applied);
  ASSERT_TRUE(click_on(*store, ids[3], "new", "taken", "take", anna, 2000, "").applied);
  ASSERT_TRUE(click_on(*store, ids[3], "taken", "new", "release", anna, 2500, "").applied);
  add();  // not delivered yet: not on the desk
  std::map<std::string, std::int64_t> counts;
  for (const auto& each : store->triage_counts()) counts[each.status] = each.leads;
  EXPECT_EQ(counts, (std::map<std::string, std::int64_t>{
                        {"done", 1}, {"new", 2}, {"spam", 1}, {"taken", 1}}));
  std::map<std::string, triage_state> states;
  for (auto& [id, state] : store->triage_states()) states[id] = state;
  ASSERT_EQ(states.size(), 4U);
  EXPECT_EQ(states[ids[1]].status, "done");
  EXPECT_EQ(states[ids[1]].taken_at, 2000);
  EXPECT_EQ(states[ids[1]].done_at, 3000);
  EXPECT_EQ(states[ids[3]].status, "new");
}

INSTANTIATE_TEST_SUITE_P(engines, store_suite, ::testing::ValuesIn(engines()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace landing::storage

namespace landing::storage {
namespace {

class channels_suite : public store_suite {
 protected:
  std::string add_to(const std::vector<std::string>& channels) {
    return store
        ->insert_batch({{{"Anna", "@anna", "a@b.co", "Hello"}, "en", "10.0.0.1", false}}, channels)
        .front();
  }
  static attempt_record tried(std::int64_t at, const char* result) { return {at, result, 12}; }
  std::int64_t row_attempts(const std::string& id) {
    return store->find(id)->deliveries.at(0).attempts;
  }
};

TEST_P(channels_suite, a_lead_gets_a_row_for_each_channel_in_its_own_transaction) {
  const auto id = add_to({"telegram", "webhook", "email"});
  const auto found = store->find(id);
  ASSERT_EQ(found->deliveries.size(), 3U);
  for (const auto& row : found->deliveries) EXPECT_EQ(row.status, "pending") << row.channel;
  const auto at = clock::now_ms();
  for (const char* channel : {"telegram", "webhook", "email"}) {
    EXPECT_EQ(store->claim_next(channel, "a", at, 30000, {})->item.id, id) << channel;
  }
}

TEST_P(channels_suite, one_channel_down_delays_no_other) {
  const auto id = add_to({"telegram", "webhook"});
  const auto at = clock::now_ms();
  ASSERT_TRUE(store->claim_next("webhook", "a", at, 30000, {}));
  // The webhook's receiver is down for three days: its row waits, Telegram's goes at once.
  store->reschedule("webhook", id, at + 3 * 86'400'000LL, "HTTP 503", tried(at, "503"));
  EXPECT_EQ(store->claim_next("telegram", "a", at, 30000, {})->item.id, id);
  store->mark_delivered("telegram", id, tried(at, "ok"), {});
  EXPECT_FALSE(store->claim_next("webhook", "a", at + 1000, 30000, {}));
  EXPECT_EQ(store->next_due_at("webhook", "a", at), at + 3 * 86'400'000LL);
  // The studio has the lead (the chat), the webhook still tries.
  const auto found = store->find(id);
  EXPECT_EQ(found->status, "delivered");
  EXPECT_EQ(found->deliveries[0].channel, "telegram");
  EXPECT_EQ(found->deliveries[1].status, "pending");
  EXPECT_EQ(found->deliveries[1].last_error, "HTTP 503");
  EXPECT_EQ(found->deliveries[1].attempts, 1);
}

TEST_P(channels_suite, the_status_is_failed_only_when_every_channel_gave_up) {
  const auto id = add_to({"webhook", "email"});
  const auto at = clock::now_ms();
  store->mark_failed("webhook", id, "gave up", tried(at, "500"));
  EXPECT_EQ(store->find(id)->status, "pending");
  store->mark_failed("email", id, "554 rejected", tried(at, "smtp 554"));
  EXPECT_EQ(store->find(id)->status, "failed");
  EXPECT_TRUE(store->retry(id, "email"));
  EXPECT_EQ(store->find(id)->status, "pending");
  EXPECT_EQ(store->find(id)->deliveries[0].status, "pending");  // email
  EXPECT_EQ(store->find(id)->deliveries[1].status, "failed");   // webhook untouched
  EXPECT_FALSE(store->retry(id, "telegram"));
}

TEST_P(channels_suite, redeliver_puts_delivered_rows_back_and_the_log_keeps_every_attempt) {
  const auto id = add_to({"webhook"});
  const auto spam =
      store->insert_batch({{{"B", "@b", "b@b.co", "x"}, "en", "10.0.0.2", true}}, {"webhook"})
          .front();
  const auto at = clock::now_ms();
  store->reschedule("webhook", id, at, "HTTP 500", tried(at, "500"));
  store->mark_delivered("webhook", id, tried(at + 5, "204"), {});
  EXPECT_EQ(store->redeliver("webhook", {id, spam, "no-such-lead"}), 1);
  EXPECT_EQ(store->find(id)->deliveries[0].status, "pending");
  EXPECT_EQ(store->find(id)->deliveries[0].attempts, 2);
  const auto log = store->attempts_of(id);
  ASSERT_EQ(log.size(), 2U);
  EXPECT_EQ(log[0].attempt.result, "500");
  EXPECT_EQ(log[1].attempt.result, "204");
  EXPECT_EQ(log[1].attempt.latency_ms, 12);
  EXPECT_EQ(store->prune_attempts(at + 1), 1);
  EXPECT_EQ(store->attempts_of(id).size(), 1U);
  // An erased lead takes its rows and its log with it.
  store->erase({id}, "request", "ticket 7", at);
  EXPECT_TRUE(store->attempts_of(id).empty());
}

TEST_P(channels_suite, replicas_claim_each_channels_row_once) {
  const auto id = add_to({"telegram", "webhook"});
  const auto at = clock::now_ms();
  EXPECT_EQ(store->claim_next("webhook", "a", at, 30000, {})->item.id, id);
  EXPECT_FALSE(store->claim_next("webhook", "b", at, 30000, {}));
  EXPECT_EQ(store->claim_next("telegram", "b", at, 30000, {})->item.id, id);
  // The lease of a dead replica passes; another takes its row.
  EXPECT_EQ(store->claim_next("webhook", "b", at + 30001, 30000, {})->item.id, id);
}

// Leads stored in one millisecond (a batch of the intake) go in the order they were stored;
// a batch claim takes the due rows in that order up to its limit, and leaves out what another
// owner holds and what the caller skips.
TEST_P(channels_suite, a_batch_claim_takes_due_rows_in_order_up_to_its_limit) {
  const clock::fake frozen(1'790'000'000'000);
  const auto at = clock::now_ms();
  std::vector<std::string> ids;
  for (int i = 0; i < 6; ++i) ids.push_back(add_to({"webhook"}));
  const auto later = ids[1];
  store->reschedule("webhook", later, at + 5000, "HTTP 500", tried(at, "500"));
  const auto first = store->claim_due("webhook", "a", at, 30000, {ids[2]}, 3);
  ASSERT_EQ(first.size(), 3U);
  EXPECT_EQ(first[0].item.id, ids[0]);
  EXPECT_EQ(first[1].item.id, ids[3]);
  EXPECT_EQ(first[2].item.id, ids[4]);
  EXPECT_EQ(first[0].state.channel, "webhook");
  EXPECT_EQ(first[0].item.fields.name, "Anna");
  // b finds what a does not hold and is due; the rescheduled row once it is due.
  const auto second = store->claim_due("webhook", "b", at, 30000, {}, 10);
  ASSERT_EQ(second.size(), 2U);
  EXPECT_EQ(second[0].item.id, ids[2]);
  EXPECT_EQ(second[1].item.id, ids[5]);
  EXPECT_TRUE(store->claim_due("webhook", "c", at, 30000, {}, 10).empty());
  const auto due_later = store->claim_due("webhook", "c", at + 5000, 30000, {}, 10);
  ASSERT_EQ(due_later.size(), 1U);
  EXPECT_EQ(due_later[0].item.id, later);
  EXPECT_EQ(due_later[0].state.attempts, 1);
}

TEST_P(channels_suite, a_batch_of_outcomes_is_recorded_whole_and_an_erased_lead_is_passed_over) {
  const auto delivered = add_to({"telegram", "webhook"});
  const auto again = add_to({"webhook"});
  const auto failed = add_to({"webhook"});
  const auto erased = add_to({"webhook"});
  const auto at = clock::now_ms();
  ASSERT_EQ(store->claim_due("webhook", "a", at, 30000, {}, 10).size(), 4U);
  store->erase({erased}, "request", "ticket 9", at);
  store->settle("webhook",
                {{settlement::delivered, delivered, tried(at, "204"), 0, {}, {}},
                 {settlement::rescheduled, again, tried(at, "503"), at + 60000, "HTTP 503", {}},
                 {settlement::failed, failed, tried(at, "400"), 0, "HTTP 400", {}},
                 {settlement::delivered, erased, tried(at, "204"), 0, {}, {}}});
  const auto one = store->find(delivered);
  EXPECT_EQ(one->status, "delivered");
  EXPECT_EQ(one->delivered_at, at + 12);
  EXPECT_EQ(one->deliveries[0].status, "pending");  // telegram
  EXPECT_EQ(one->deliveries[1].status, "delivered");
  EXPECT_EQ(one->deliveries[1].attempts, 1);
  const auto two = store->find(again);
  EXPECT_EQ(two->status, "pending");
  EXPECT_EQ(two->deliveries[0].next_attempt_at, at + 60000);
  EXPECT_EQ(two->deliveries[0].last_error, "HTTP 503");
  EXPECT_EQ(store->find(failed)->status, "failed");
  EXPECT_EQ(store->find(failed)->deliveries[0].last_error, "HTTP 400");
  EXPECT_FALSE(store->find(erased).has_value());
  for (const auto& id : {delivered, again, failed}) {
    ASSERT_EQ(store->attempts_of(id).size(), 1U) << id;
  }
  EXPECT_EQ(store->attempts_of(again)[0].attempt.result, "503");
  EXPECT_TRUE(store->attempts_of(erased).empty());
  // Each outcome ended its claim: the rescheduled row is anyone's once due.
  EXPECT_EQ(store->claim_next("webhook", "b", at + 60000, 30000, {})->item.id, again);
}

// What a worker did not send of its batch goes back at once, to anyone; a row whose claim
// passed to another owner meanwhile stays that owner's.
TEST_P(channels_suite, releasing_ends_only_the_owners_own_claims) {
  const auto kept = add_to({"webhook"});
  const auto unsent = add_to({"webhook"});
  const auto at = clock::now_ms();
  ASSERT_EQ(store->claim_due("webhook", "a", at, 1000, {unsent}, 10).size(), 1U);
  ASSERT_EQ(store->claim_due("webhook", "a", at, 30000, {kept}, 10).size(), 1U);
  ASSERT_EQ(store->claim_next("webhook", "b", at + 1001, 30000, {})->item.id, kept);
  store->release("webhook", "a", {kept, unsent});
  const auto free = store->claim_due("webhook", "c", at + 1001, 30000, {}, 10);
  ASSERT_EQ(free.size(), 1U);
  EXPECT_EQ(free[0].item.id, unsent);
  EXPECT_EQ(row_attempts(unsent), 0);
}

INSTANTIATE_TEST_SUITE_P(engines, channels_suite, ::testing::ValuesIn(engines()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace landing::storage
