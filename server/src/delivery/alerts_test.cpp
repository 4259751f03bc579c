#include "delivery/alerts.hpp"

#include <gtest/gtest.h>

#include <mutex>
#include <thread>

#include "common/clock.hpp"
#include "storage/sqlite/store.hpp"
#include "temp_folder.hpp"

namespace landing::delivery {
namespace {

using namespace std::chrono_literals;

class listening_channel : public channel {
 public:
  explicit listening_channel(std::string name) : name_(std::move(name)) {}
  [[nodiscard]] std::string_view name() const override { return name_; }
  attempt_result send(const storage::claimed_delivery&, const std::atomic<bool>&) override {
    return {attempt_result::delivered, {}, "ok"};
  }
  std::optional<std::int64_t> retry_delay_ms(int, std::mt19937_64&) override { return 1000; }
  bool send_alert(const std::string& text, const std::atomic<bool>&) override {
    const std::lock_guard lock(mutex_);
    heard_.push_back(text);
    return true;
  }
  std::vector<std::string> heard() {
    const std::lock_guard lock(mutex_);
    return heard_;
  }

 private:
  std::string name_;
  std::mutex mutex_;
  std::vector<std::string> heard_;
};

bool heard_within(listening_channel& target, std::size_t count) {
  for (int i = 0; i < 300 && target.heard().size() < count; ++i) {
    std::this_thread::sleep_for(10ms);
  }
  return target.heard().size() >= count;
}

TEST(alerts, one_line_an_hour_per_channel_through_the_others_with_a_count) {
  const clock::fake at(1'790'000'000'000);
  const testing::temp_folder dir;
  storage::sqlite::store store(dir.file("leads.db"));
  listening_channel chat("telegram");
  listening_channel hook("webhook");
  alerts alarm(store, {&chat, &hook}, {});
  alarm.raise({"webhook", "01JLEAD1", 10, "HTTP 500", false});
  ASSERT_TRUE(heard_within(chat, 1));
  EXPECT_EQ(chat.heard()[0], "Webhook: заявка 01JLEAD1 не доставлена после 10 попыток (HTTP 500).");
  EXPECT_TRUE(hook.heard().empty()) << "never through the channel that failed";
  alarm.raise({"webhook", "01JLEAD2", 10, "HTTP 500", false});
  alarm.raise({"webhook", "01JLEAD3", 10, "HTTP 503", false});
  // Another channel's failure is its own alert, in the same hour.
  alarm.raise({"telegram", "01JLEAD4", 3, "chat not found", false});
  ASSERT_TRUE(heard_within(hook, 1));
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(chat.heard().size(), 1U);
  clock::advance(1h);
  alarm.raise({"webhook", "01JLEAD5", 10, "HTTP 500", true});
  ASSERT_TRUE(heard_within(chat, 2));
  EXPECT_NE(chat.heard()[1].find("получатель отключил канал (HTTP 500)"), std::string::npos);
  EXPECT_NE(chat.heard()[1].find("Ещё не доставлено за час: 2."), std::string::npos)
      << chat.heard()[1];
}

}  // namespace
}  // namespace landing::delivery
