#include "common/worker.hpp"

#include <gtest/gtest.h>
#include <pthread.h>

#include <array>
#include <atomic>
#include <future>
#include <string>
#include <utility>

namespace landing {
namespace {

using namespace std::chrono_literals;
using steady = std::chrono::steady_clock;

TEST(worker, runs_its_function_on_its_own_thread_until_stopped) {
  std::promise<std::thread::id> ran;
  std::atomic<bool> ended{false};
  worker w("test", [&](worker::context& ctx) {
    ran.set_value(std::this_thread::get_id());
    while (ctx.wait()) {
    }
    ended = true;
  });
  EXPECT_NE(ran.get_future().get(), std::this_thread::get_id());
  EXPECT_FALSE(w.stopping());
  w.stop();
  EXPECT_TRUE(w.stopping());
  EXPECT_TRUE(ended);  // stop() returned only once the function had
}

TEST(worker, stop_is_idempotent_and_a_worker_never_started_stops_too) {
  int runs = 0;
  worker w("test", [&](worker::context&) { ++runs; });
  w.stop();
  w.stop();
  EXPECT_EQ(runs, 1);
  worker idle;
  idle.stop();
  idle.notify();
  EXPECT_FALSE(idle.stopping());
}

TEST(worker, starts_later_when_made_idle) {
  std::atomic<bool> ran{false};
  worker w;
  w.start("later", [&](worker::context&) { ran = true; });
  w.stop();
  EXPECT_TRUE(ran);
}

TEST(worker, notify_wakes_a_wait_early_and_is_taken_by_it) {
  std::promise<void> notified;
  auto notified_seen = notified.get_future();
  std::promise<void> waiting;
  std::promise<std::pair<bool, steady::duration>> early;
  std::promise<std::pair<bool, steady::duration>> woke;
  worker w("test", [&](worker::context& ctx) {
    notified_seen.wait();
    // The notify came before this wait: it is not lost, the wait returns at once.
    auto started = steady::now();
    bool going_on = ctx.wait_for(1h);
    early.set_value({going_on, steady::now() - started});
    waiting.set_value();
    started = steady::now();
    going_on = ctx.wait_for(1h);
    woke.set_value({going_on, steady::now() - started});
    ctx.wait();
  });
  w.notify();
  notified.set_value();
  const auto [first_going_on, first_took] = early.get_future().get();
  EXPECT_TRUE(first_going_on);
  EXPECT_LT(first_took, 30s);
  waiting.get_future().wait();
  w.notify();
  const auto [going_on, took] = woke.get_future().get();
  EXPECT_TRUE(going_on);
  EXPECT_LT(took, 30s);
}

TEST(worker, a_wait_ends_at_its_deadline_without_a_notify) {
  std::promise<steady::duration> slept;
  worker w("test", [&](worker::context& ctx) {
    const auto started = steady::now();
    EXPECT_TRUE(ctx.wait_until(started + 20ms));
    slept.set_value(steady::now() - started);
  });
  EXPECT_GE(slept.get_future().get(), 20ms);
}

TEST(worker, stop_wakes_a_wait_which_then_says_so) {
  std::promise<void> waiting;
  std::atomic<bool> result{true};
  std::atomic<bool> stopping{false};
  worker w("test", [&](worker::context& ctx) {
    waiting.set_value();
    result = ctx.wait_for(1h);
    stopping = ctx.stopping();
  });
  waiting.get_future().wait();
  const auto started = steady::now();
  w.stop();
  EXPECT_LT(steady::now() - started, 30s);
  EXPECT_FALSE(result);
  EXPECT_TRUE(stopping);
}

TEST(worker, sleep_goes_on_through_a_notify_and_ends_at_stop) {
  std::promise<void> sleeping;
  std::promise<steady::duration> slept;
  std::atomic<bool> after_stop{true};
  worker w("test", [&](worker::context& ctx) {
    sleeping.set_value();
    const auto started = steady::now();
    EXPECT_TRUE(ctx.sleep_for(50ms));
    slept.set_value(steady::now() - started);
    after_stop = ctx.sleep_for(1h);
  });
  sleeping.get_future().wait();
  w.notify();
  EXPECT_GE(slept.get_future().get(), 50ms);
  w.stop();
  EXPECT_FALSE(after_stop);
}

TEST(worker, the_destructor_stops_and_joins) {
  std::atomic<bool> ended{false};
  std::promise<void> waiting;
  {
    worker w("test", [&](worker::context& ctx) {
      waiting.set_value();
      while (ctx.wait()) {
      }
      ended = true;
    });
    waiting.get_future().wait();
  }
  EXPECT_TRUE(ended);
}

TEST(worker, names_its_thread) {
  std::promise<std::string> name;
  worker w("a-rather-long-worker-name", [&](worker::context&) {
    std::array<char, 32> buffer{};
    ::pthread_getname_np(::pthread_self(), buffer.data(), buffer.size());
    name.set_value(buffer.data());
  });
  EXPECT_EQ(name.get_future().get(), "a-rather-long-w");
}

}  // namespace
}  // namespace landing
