#include "delivery/outbox.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "common/clock.hpp"
#include "storage/sqlite/store.hpp"
#include "temp_folder.hpp"

namespace landing::delivery {
namespace {

using namespace std::chrono_literals;
constexpr std::int64_t start = 1'790'000'000'000;

// A channel whose answers the test writes down in advance; it remembers every attempt. Its
// schedule is 1 s then 2 s, and it gives up after the third attempt.
class scripted_channel : public channel {
 public:
  explicit scripted_channel(std::string name, std::size_t batch = 1)
      : name_(std::move(name)), batch_(batch) {}
  [[nodiscard]] std::string_view name() const override { return name_; }
  [[nodiscard]] std::size_t batch_limit() const override { return batch_; }
  // Runs at the start of each send, outside the channel's lock, with the lead's id and the
  // worker's shutdown flag.
  void before_send(std::function<void(const std::string&, const std::atomic<bool>&)> hook) {
    before_ = std::move(hook);
  }

  void answer(attempt_result result) {
    const std::lock_guard lock(mutex_);
    script_.push_back(std::move(result));
  }
  attempt_result send(const storage::claimed_delivery& item,
                      const std::atomic<bool>& cancel) override {
    if (before_) before_(item.item.id, cancel);
    const std::lock_guard lock(mutex_);
    sent_.push_back(item.item.id);
    if (script_.empty()) return {attempt_result::delivered, {}, "204"};
    auto next = script_.front();
    script_.pop_front();
    return next;
  }
  std::optional<std::int64_t> retry_delay_ms(int attempt, std::mt19937_64&) override {
    if (attempt > 2) return std::nullopt;
    return attempt * 1000;
  }
  bool send_alert(const std::string& text, const std::atomic<bool>&) override {
    const std::lock_guard lock(mutex_);
    alerts_.push_back(text);
    return true;
  }
  std::size_t sends() {
    const std::lock_guard lock(mutex_);
    return sent_.size();
  }
  std::vector<std::string> alerts() {
    const std::lock_guard lock(mutex_);
    return alerts_;
  }
  std::vector<std::string> sent() {
    const std::lock_guard lock(mutex_);
    return sent_;
  }

 private:
  std::string name_;
  std::size_t batch_ = 1;
  std::function<void(const std::string&, const std::atomic<bool>&)> before_;
  std::mutex mutex_;
  std::deque<attempt_result> script_;
  std::vector<std::string> sent_;
  std::vector<std::string> alerts_;
};

class outbox : public ::testing::Test {
 protected:
  std::string add(const std::vector<std::string>& channels) {
    return store
        .insert_batch({{{"Anna", "@anna", "a@b.co", "Hello"}, "en", "10.0.0.1", false}}, channels)
        .front();
  }
  storage::channel_delivery row(const std::string& id, const std::string& channel) {
    const auto found = store.find(id);
    for (const auto& each : found->deliveries) {
      if (each.channel == channel) return each;
    }
    return {};
  }
  // Real time passes while the worker, whose clock is the test's, gets to it.
  template <typename Ready>
  static bool eventually(Ready ready) {
    for (int i = 0; i < 500; ++i) {
      if (ready()) return true;
      std::this_thread::sleep_for(10ms);
    }
    return ready();
  }
  static outbox_options fast() {
    outbox_options out;
    out.owner = "test";
    out.poll = 10ms;
    return out;
  }

  const clock::fake at{start};
  testing::temp_folder dir;
  storage::sqlite::store store{dir.file("leads.db")};
};

TEST_F(outbox, retries_on_the_channels_schedule_and_fails_the_lead_after_its_last_attempt) {
  scripted_channel hook("webhook");
  for (int i = 0; i < 3; ++i) hook.answer({attempt_result::retry, "HTTP 500", "500"});
  channel_metrics metrics("webhook");
  std::vector<give_up> gave_up;
  std::mutex lock;
  outbox_observer observer;
  observer.gave_up = [&](const give_up& event) {
    const std::lock_guard hold(lock);
    gave_up.push_back(event);
  };
  const auto id = add({"webhook"});
  outbox_worker worker(store, hook, fast(), metrics, observer);
  ASSERT_TRUE(eventually([&] { return row(id, "webhook").attempts == 1; }));
  EXPECT_EQ(row(id, "webhook").next_attempt_at, start + 1000);
  EXPECT_EQ(row(id, "webhook").last_error, "HTTP 500");
  // Not a moment early.
  clock::advance(999ms);
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(hook.sends(), 1U);
  clock::advance(1ms);
  ASSERT_TRUE(eventually([&] { return row(id, "webhook").attempts == 2; }));
  EXPECT_EQ(row(id, "webhook").next_attempt_at, start + 1000 + 2000);
  clock::advance(2000ms);
  ASSERT_TRUE(eventually([&] { return row(id, "webhook").status == "failed"; }));
  EXPECT_EQ(row(id, "webhook").attempts, 3);
  EXPECT_EQ(row(id, "webhook").last_error, "gave up after 3 attempts: HTTP 500");
  EXPECT_EQ(store.find(id)->status, "failed");
  EXPECT_EQ(store.attempts_of(id).size(), 3U);
  EXPECT_EQ(metrics.attempts(attempt_result::retry), 2U);
  EXPECT_EQ(metrics.attempts(attempt_result::failed), 1U);
  worker.stop();
  ASSERT_EQ(gave_up.size(), 1U);
  EXPECT_EQ(gave_up[0].lead_id, id);
  EXPECT_EQ(gave_up[0].attempts, 3);
  EXPECT_EQ(gave_up[0].reason, "HTTP 500");
}

TEST_F(outbox, a_time_the_receiver_names_replaces_the_schedule) {
  scripted_channel hook("webhook");
  hook.answer({attempt_result::retry, "HTTP 429", "429", start + 60000});
  channel_metrics metrics("webhook");
  const auto id = add({"webhook"});
  outbox_worker worker(store, hook, fast(), metrics);
  ASSERT_TRUE(eventually([&] { return row(id, "webhook").attempts == 1; }));
  EXPECT_EQ(row(id, "webhook").next_attempt_at, start + 60000);
  clock::advance(59999ms);
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(hook.sends(), 1U);
  clock::advance(1ms);
  ASSERT_TRUE(eventually([&] { return row(id, "webhook").status == "delivered"; }));
  // Sooner than the schedule too: 300 ms where the schedule says 1 s.
  // The answer first: the worker may take the new lead before the test's next line runs.
  hook.answer({attempt_result::retry, "HTTP 503", "503", clock::now_ms() + 300});
  const auto second = add({"webhook"});
  worker.notify();
  ASSERT_TRUE(eventually([&] { return row(second, "webhook").attempts == 1; }));
  EXPECT_EQ(row(second, "webhook").next_attempt_at, clock::now_ms() + 300);
}

TEST_F(outbox, a_channel_its_receiver_turned_off_holds_every_lead_until_enabled) {
  scripted_channel hook("webhook");
  hook.answer({attempt_result::disabled, "HTTP 410: the receiver asked to stop", "410"});
  channel_metrics metrics("webhook");
  const auto first = add({"webhook"});
  outbox_worker worker(store, hook, fast(), metrics);
  ASSERT_TRUE(eventually([&] { return row(first, "webhook").status == "disabled"; }));
  EXPECT_TRUE(store.channel_disabled("webhook"));
  const auto second = add({"webhook"});
  worker.notify();
  ASSERT_TRUE(eventually([&] { return row(second, "webhook").status == "disabled"; }));
  clock::advance(std::chrono::hours(48));
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(hook.sends(), 1U) << "nothing goes to a receiver that said 410";
  EXPECT_EQ(store.enable_channel("webhook"), 2);
  worker.notify();
  ASSERT_TRUE(eventually([&] {
    return row(first, "webhook").status == "delivered" &&
           row(second, "webhook").status == "delivered";
  }));
  EXPECT_EQ(hook.sends(), 3U);
}

TEST_F(outbox, one_channel_down_delays_no_other) {
  scripted_channel hook("webhook");
  for (int i = 0; i < 3; ++i) hook.answer({attempt_result::retry, "connect: refused", "connect"});
  scripted_channel inbox("email");
  channel_metrics hook_metrics("webhook");
  channel_metrics inbox_metrics("email");
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) ids.push_back(add({"webhook", "email"}));
  outbox_worker down(store, hook, fast(), hook_metrics);
  outbox_worker up(store, inbox, fast(), inbox_metrics);
  ASSERT_TRUE(eventually([&] {
    for (const auto& id : ids) {
      if (row(id, "email").status != "delivered") return false;
    }
    return true;
  }));
  for (const auto& id : ids) {
    EXPECT_EQ(row(id, "webhook").status, "pending") << id;
    EXPECT_EQ(store.find(id)->status, "delivered") << "the studio has it";
  }
}

// Whether each lead's outcome was in the store when the next lead's send began.
class recorded_before_next {
 public:
  explicit recorded_before_next(storage::sqlite::store& store) : store_(store) {}
  void on_send(const std::string& id) {
    const std::lock_guard lock(mutex_);
    if (!last_.empty()) {
      const auto found = store_.find(last_);
      seen_.push_back(found && found->deliveries.at(0).status == "delivered");
    }
    last_ = id;
  }
  std::vector<bool> seen() {
    const std::lock_guard lock(mutex_);
    return seen_;
  }

 private:
  storage::sqlite::store& store_;
  std::mutex mutex_;
  std::string last_;
  std::vector<bool> seen_;
};

TEST_F(outbox, a_backlog_goes_out_in_batches_in_the_order_it_came) {
  scripted_channel hook("webhook", 4);
  recorded_before_next recorded(store);
  hook.before_send([&](const std::string& id, const std::atomic<bool>&) { recorded.on_send(id); });
  channel_metrics metrics("webhook");
  std::vector<std::string> ids;
  for (int i = 0; i < 8; ++i) ids.push_back(add({"webhook"}));
  outbox_worker worker(store, hook, fast(), metrics);
  ASSERT_TRUE(eventually([&] { return row(ids.back(), "webhook").status == "delivered"; }));
  worker.stop();
  EXPECT_EQ(hook.sent(), ids);
  for (const auto& id : ids) {
    EXPECT_EQ(row(id, "webhook").status, "delivered") << id;
    EXPECT_EQ(row(id, "webhook").attempts, 1) << id;
    EXPECT_EQ(store.attempts_of(id).size(), 1U) << id;
  }
  // Within a batch the outcomes wait for its end; between batches they are in the store.
  EXPECT_EQ(recorded.seen(), (std::vector<bool>{false, false, false, true, false, false, false}));
}

// A lead that passed its retention period while it waited (the channel was down, a backoff ran
// long) is the retention pass's to erase: the worker sends it nowhere, in a batch or alone, and
// goes on with the leads still within the period.
TEST_F(outbox, a_lead_past_its_retention_period_is_never_sent) {
  scripted_channel hook("webhook", 4);
  channel_metrics metrics("webhook");
  const auto day = 86'400'000LL;
  // The test's clock (`at`) is set back for the old leads and forward again.
  clock::set_for_testing(start - 30 * day - 1);  // a millisecond past a 30-day period
  const auto old_one = add({"webhook"});
  const auto old_two = add({"webhook"});
  clock::set_for_testing(start - 30 * day);  // exactly at the cut-off: retention keeps it
  const auto edge = add({"webhook"});
  clock::set_for_testing(start);
  const auto fresh = add({"webhook"});
  auto options = fast();
  options.keep_for = std::chrono::hours(24 * 30);
  outbox_worker worker(store, hook, options, metrics);
  ASSERT_TRUE(eventually([&] { return row(fresh, "webhook").status == "delivered"; }));
  std::this_thread::sleep_for(100ms);  // several polls: the old ones stay unsent
  worker.stop();
  EXPECT_EQ(hook.sent(), (std::vector<std::string>{edge, fresh}));
  EXPECT_EQ(row(old_one, "webhook").status, "pending");
  EXPECT_EQ(row(old_one, "webhook").attempts, 0);
  EXPECT_EQ(row(old_two, "webhook").attempts, 0);
}

// No send starts once a quarter of the batch's lease has passed: the rest is released and
// claimed again, so the claims never run out while their leads are being sent.
TEST_F(outbox, a_batch_that_runs_long_sends_no_more_and_claims_afresh) {
  scripted_channel hook("webhook", 4);
  recorded_before_next recorded(store);
  hook.before_send([&](const std::string& id, const std::atomic<bool>&) {
    recorded.on_send(id);
    clock::advance(100ms);
  });
  channel_metrics metrics("webhook");
  std::vector<std::string> ids;
  for (int i = 0; i < 4; ++i) ids.push_back(add({"webhook"}));
  auto options = fast();
  options.lease = 400ms;
  outbox_worker worker(store, hook, options, metrics);
  ASSERT_TRUE(eventually([&] { return row(ids.back(), "webhook").status == "delivered"; }));
  worker.stop();
  EXPECT_EQ(hook.sent(), ids);
  EXPECT_EQ(recorded.seen(), (std::vector<bool>{true, true, true}));
}

// Stopping mid-batch: the lead being sent is recorded and the unsent ones are free at once for
// any replica, not after the lease.
TEST_F(outbox, a_batch_cut_short_by_shutdown_releases_what_it_did_not_send) {
  scripted_channel hook("webhook", 4);
  // The first send lasts until the worker is told to stop.
  std::atomic<bool> started{false};
  hook.before_send([&](const std::string&, const std::atomic<bool>& cancel) {
    started = true;
    for (int i = 0; i < 5000 && !cancel; ++i) std::this_thread::sleep_for(1ms);
  });
  channel_metrics metrics("webhook");
  std::vector<std::string> ids;
  for (int i = 0; i < 4; ++i) ids.push_back(add({"webhook"}));
  outbox_worker worker(store, hook, fast(), metrics);
  ASSERT_TRUE(eventually([&] { return started.load(); }));
  worker.stop();
  EXPECT_EQ(hook.sends(), 1U);
  EXPECT_EQ(row(ids[0], "webhook").status, "delivered");
  const auto rest = store.claim_due("webhook", "another replica", clock::now_ms(), 30000, {}, 10);
  ASSERT_EQ(rest.size(), 3U);
  for (std::size_t i = 0; i < rest.size(); ++i) {
    EXPECT_EQ(rest[i].item.id, ids[i + 1]);
    EXPECT_EQ(rest[i].state.attempts, 0);
  }
}

// A 410 in the middle of a batch: its attempt is on record, nothing more is sent, and the rest of
// the batch waits disabled with every other lead.
TEST_F(outbox, a_receiver_that_turns_off_mid_batch_gets_nothing_more) {
  scripted_channel hook("webhook", 4);
  hook.answer({attempt_result::delivered, {}, "204"});
  hook.answer({attempt_result::disabled, "HTTP 410: the receiver asked to stop", "410"});
  channel_metrics metrics("webhook");
  std::vector<std::string> ids;
  for (int i = 0; i < 4; ++i) ids.push_back(add({"webhook"}));
  outbox_worker worker(store, hook, fast(), metrics);
  ASSERT_TRUE(eventually([&] { return row(ids[3], "webhook").status == "disabled"; }));
  std::this_thread::sleep_for(100ms);
  worker.stop();
  EXPECT_EQ(hook.sends(), 2U);
  EXPECT_EQ(row(ids[0], "webhook").status, "delivered");
  EXPECT_EQ(row(ids[1], "webhook").status, "disabled");
  EXPECT_EQ(row(ids[1], "webhook").attempts, 1);
  ASSERT_EQ(store.attempts_of(ids[1]).size(), 1U);
  EXPECT_EQ(store.attempts_of(ids[1])[0].attempt.result, "410");
  EXPECT_EQ(row(ids[2], "webhook").attempts, 0);
}

}  // namespace
}  // namespace landing::delivery
