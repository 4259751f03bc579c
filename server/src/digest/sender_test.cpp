// The digest's sending with a set clock, against each engine, and two replicas on one
// PostgreSQL: each period's digest goes once, part by part, whatever fails on the way.
#include "digest/sender.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <thread>

#include "common/clock.hpp"
#include "postgres.hpp"
#include "storage/engines_testing.hpp"

namespace landing::digest {
namespace {

using storage::testing::engine;
using storage::testing::engines;

std::int64_t utc(const std::string& day, int hour, int minute = 0) {
  return *clock::parse_day(day) + (hour * 60LL + minute) * 60'000;
}

// A chat that takes parts, or answers what the test scripts for the next ones.
struct fake_chat {
  std::mutex mutex;
  std::vector<part> got;
  std::vector<part_result> script;
  part_result take(const part& p) {
    const std::lock_guard lock(mutex);
    if (!script.empty()) {
      auto next = script.front();
      script.erase(script.begin());
      if (next.outcome != part_result::sent) return next;
    }
    got.push_back(p);
    return {part_result::sent, 0, {}};
  }
  std::vector<part::kind> kinds() {
    const std::lock_guard lock(mutex);
    std::vector<part::kind> out;
    for (const auto& each : got) out.push_back(each.what);
    return out;
  }
};

class digest_sender : public ::testing::TestWithParam<engine> {
 protected:
  void SetUp() override { store = GetParam().open(dir); }
  void TearDown() override { store->stop(); }
  std::unique_ptr<sender> replica(storage::lead_store& on, const std::string& name) {
    sender_options options;
    options.every = cadence::weekly;
    options.zone = zone_named("Europe/Moscow");
    options.owner = name;
    options.now = [this] { return now.load(); };
    return std::make_unique<sender>(
        on, [this](const part& p) { return chat.take(p); }, options);
  }
  landing::testing::temp_folder dir;
  std::unique_ptr<storage::lead_store> store;
  fake_chat chat;
  std::atomic<std::int64_t> now{0};
};

const std::vector<part::kind> whole{part::text, part::image, part::document};

TEST_P(digest_sender, sends_each_weeks_digest_once_at_monday_nine_in_moscow) {
  auto server = replica(*store, "a");
  // Monday 30 November 2026, 08:59 in Moscow: last week's digest is due (and goes, as one missed).
  now = utc("2026-11-30", 5, 59);
  EXPECT_EQ(server->run_once(), utc("2026-11-30", 6));
  EXPECT_EQ(server->last().what, sender::outcome::sent);
  EXPECT_EQ(server->last().period, "weekly 2026-11-16");
  EXPECT_EQ(chat.kinds(), whole);
  EXPECT_NE(chat.got[0].body.find("Сводка за неделю 16–22 ноября 2026"), std::string::npos);
  EXPECT_EQ(chat.got[1].body.substr(1, 3), "PNG");
  EXPECT_EQ(chat.got[1].file_name, "digest-2026-11-16.png");
  EXPECT_NE(chat.got[2].body.find("<!doctype html>"), std::string::npos);
  // At 09:00 the week just ended, once; looks after that send nothing until next Monday.
  now = utc("2026-11-30", 6);
  EXPECT_EQ(server->run_once(), utc("2026-12-07", 6));
  now = utc("2026-12-02", 12);
  EXPECT_EQ(server->run_once(), utc("2026-12-07", 6));
  EXPECT_EQ(server->last().what, sender::outcome::sent_before);
  ASSERT_EQ(chat.got.size(), 6U);
  EXPECT_NE(chat.got[3].body.find("Сводка за неделю 23–29 ноября 2026"), std::string::npos);
  const auto row = store->find_digest("weekly 2026-11-23");
  ASSERT_TRUE(row);
  EXPECT_EQ(row->sent_at, utc("2026-11-30", 6));
  EXPECT_EQ(row->parts_sent, 3);
}

TEST_P(digest_sender, a_restart_across_the_send_time_sends_the_missed_digest_once) {
  {
    auto before = replica(*store, "a");
    now = utc("2026-11-23", 6);
    before->run_once();  // the week of 9 November goes at its time
  }
  chat.got.clear();
  // Down from Sunday to Monday 10:30 in Moscow: the digest due at 09:00 goes at start.
  auto after = replica(*store, "a");
  now = utc("2026-11-30", 7, 30);
  after->run_once();
  EXPECT_EQ(chat.kinds(), whole);
  // And a restart after that sends nothing again.
  auto again = replica(*store, "a");
  now = utc("2026-11-30", 7, 31);
  again->run_once();
  EXPECT_EQ(chat.got.size(), 3U);
}

TEST_P(digest_sender, a_429_pauses_as_long_as_asked_and_no_part_goes_twice) {
  auto server = replica(*store, "a");
  now = utc("2026-11-30", 6);
  chat.script = {{part_result::sent, 0, {}}, {part_result::retry_after, 7, "http 429"}};
  EXPECT_EQ(server->run_once(), utc("2026-11-30", 6) + 7000);
  EXPECT_EQ(server->last().what, sender::outcome::failed);
  EXPECT_EQ(server->last().reason, "http 429");
  EXPECT_EQ(chat.kinds(), std::vector<part::kind>{part::text});
  now = utc("2026-11-30", 6) + 6999;  // still paused
  server->run_once();
  EXPECT_EQ(chat.got.size(), 1U);
  now = utc("2026-11-30", 6) + 7000;
  server->run_once();
  EXPECT_EQ(chat.kinds(), whole);
}

TEST_P(digest_sender, failures_back_off_doubling_and_a_dead_replicas_claim_is_taken_over) {
  auto first = replica(*store, "a");
  now = utc("2026-11-30", 6);
  chat.script = {{part_result::sent, 0, {}}, {part_result::transient, 0, "timeout"}};
  EXPECT_EQ(first->run_once(), utc("2026-11-30", 6) + 30'000);
  // "a" dies here. "b" waits for a's claim to lapse (5 minutes), then sends only the rest.
  auto second = replica(*store, "b");
  now = utc("2026-11-30", 6, 1);
  EXPECT_EQ(second->run_once(), utc("2026-11-30", 6, 5));
  EXPECT_EQ(second->last().what, sender::outcome::held_elsewhere);
  EXPECT_EQ(chat.got.size(), 1U);
  now = utc("2026-11-30", 6, 5);
  second->run_once();
  EXPECT_EQ(chat.kinds(), whole);
  // Backoff doubles while failures go on, to its cap.
  auto third = replica(*store, "c");
  chat.script = {{part_result::transient, 0, "down"}, {part_result::transient, 0, "down"}};
  now = utc("2026-12-07", 6);
  EXPECT_EQ(third->run_once(), utc("2026-12-07", 6) + 30'000);
  now = utc("2026-12-07", 6) + 30'000;
  EXPECT_EQ(third->run_once(), utc("2026-12-07", 6) + 90'000);
}

// Telegram cannot be asked whether a message whose answer was lost was made: the rule is at most
// once, so that part counts as sent, the rest go, and nothing goes again.
TEST_P(digest_sender, a_part_whose_answer_was_lost_is_not_sent_again_and_the_rest_go) {
  auto server = replica(*store, "a");
  now = utc("2026-11-30", 6);
  chat.script = {{part_result::unknown, 0, "Timeout was reached"}};
  server->run_once();
  EXPECT_EQ(server->last().what, sender::outcome::sent);
  EXPECT_EQ(chat.kinds(), (std::vector<part::kind>{part::image, part::document}));
  now = utc("2026-11-30", 6) + 60'000;
  server->run_once();
  EXPECT_EQ(server->last().what, sender::outcome::sent_before);
  EXPECT_EQ(chat.got.size(), 2U) << "the text was not sent a second time";
  EXPECT_EQ(store->find_digest("weekly 2026-11-23")->parts_sent, 3);
}

// The digest degrades part by part: a chart that cannot be drawn costs the chat the chart, and
// the text (which says so) and the report still go, this period and the next.
TEST_P(digest_sender, a_chart_that_cannot_be_drawn_leaves_the_text_and_the_report_to_go) {
  sender_options options;
  options.zone = zone_named("Europe/Moscow");
  options.owner = "a";
  options.now = [this] { return now.load(); };
  options.render = [](const std::string&) -> std::string {
    throw std::runtime_error("PCDATA invalid Char value 65535");
  };
  sender server(
      *store, [this](const part& p) { return chat.take(p); }, options);
  now = utc("2026-11-30", 6);
  server.run_once();
  EXPECT_EQ(server.last().what, sender::outcome::sent);
  ASSERT_EQ(chat.kinds(), (std::vector<part::kind>{part::text, part::document}));
  EXPECT_NE(chat.got[0].body.find("Не удалось приложить график"), std::string::npos)
      << chat.got[0].body;
  now = utc("2026-12-07", 6);
  server.run_once();
  EXPECT_EQ(chat.got.size(), 4U);
}

// A source class stored before intake refused noncharacters (U+FFFF, U+FFFE, U+1FFFF) still
// draws: the chart writes it as an escape, so its SVG stays XML that librsvg takes.
TEST_P(digest_sender, a_stored_tag_with_a_noncharacter_still_draws_the_chart) {
  {
    const clock::fake then(utc("2026-11-25", 12));
    for (const auto* tag : {"\xEF\xBF\xBF"
                            "ads",
                            "ads\xEF\xBF\xBE", "x\xF0\x9F\xBF\xBF"}) {
      storage::new_lead item{
          {"Anna", "@anna_dev", "anna@example.com", "We need a site."}, "en", "192.0.2.1", false};
      item.source_class = tag;
      store->insert_batch({item}, {});
    }
  }
  auto server = replica(*store, "a");
  now = utc("2026-11-30", 6);
  server->run_once();
  EXPECT_EQ(server->last().what, sender::outcome::sent);
  ASSERT_EQ(chat.kinds(), whole);
  EXPECT_NE(chat.got[0].body.find("\\uffffads"), std::string::npos) << chat.got[0].body;
}

INSTANTIATE_TEST_SUITE_P(engines, digest_sender, ::testing::ValuesIn(engines()),
                         [](const auto& test) { return test.param.name; });

TEST(digest_replicas, two_on_one_postgresql_at_the_send_time_send_exactly_one_digest) {
  const auto database = landing::testing::postgres_server::shared().new_database();
  storage::postgres::store one(database);
  storage::postgres::store two(database);
  fake_chat chat;
  const auto zone = zone_named("Europe/Moscow");
  const auto make = [&](storage::lead_store& on, const char* name) {
    sender_options options;
    options.zone = zone;
    options.owner = name;
    options.now = [] { return utc("2026-11-30", 6); };
    return std::make_unique<sender>(
        on, [&chat](const part& p) { return chat.take(p); }, options);
  };
  for (int round = 0; round < 5; ++round) {
    auto a = make(one, "replica-a");
    auto b = make(two, "replica-b");
    std::thread left([&] { a->run_once(); });
    std::thread right([&] { b->run_once(); });
    left.join();
    right.join();
  }
  EXPECT_EQ(chat.kinds(), whole);
  one.stop();
  two.stop();
}

}  // namespace
}  // namespace landing::digest
