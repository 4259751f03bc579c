#include "delivery/outbox.hpp"

#include <gtest/gtest.h>

#include <deque>
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
  explicit scripted_channel(std::string name) : name_(std::move(name)) {}
  [[nodiscard]] std::string_view name() const override { return name_; }

  void answer(attempt_result result) {
    const std::lock_guard lock(mutex_);
    script_.push_back(std::move(result));
  }
  attempt_result send(const storage::claimed_delivery& item, const std::atomic<bool>&) override {
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

 private:
  std::string name_;
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
  const auto second = add({"webhook"});
  hook.answer({attempt_result::retry, "HTTP 503", "503", clock::now_ms() + 300});
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

}  // namespace
}  // namespace landing::delivery
