#include "leads/challenge_endpoint.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <condition_variable>
#include <future>
#include <thread>

namespace landing::leads {
namespace {

const spam::challenge_settings settings{50, 40, 1200};

http::request from(std::string peer) {
  http::request req;
  req.method = "GET";
  req.target = "/api/challenge";
  req.peer = std::move(peer);
  return req;
}

struct answered {
  http::response res;
  std::thread::id on;
};

class challenges : public ::testing::Test {
 protected:
  spam::proof_metrics metrics;
  spam::proof_gate gate{spam::keys_from("a secret the replicas share"), false, metrics};
};

// The key derivation runs on the endpoint's thread, never on the I/O thread that asked.
TEST_F(challenges, are_made_on_a_thread_of_their_own_and_never_cached) {
  challenge_endpoint endpoint(gate, settings, {}, 5, 5, metrics);
  std::promise<answered> got;
  endpoint.handle(from("10.0.0.1"), [&got](http::response res) {
    got.set_value({std::move(res), std::this_thread::get_id()});
  });
  auto future = got.get_future();
  ASSERT_EQ(future.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  const auto [res, on] = future.get();
  EXPECT_NE(on, std::this_thread::get_id());
  EXPECT_EQ(res.status, 200U);
  EXPECT_EQ(res.header("Cache-Control"), "no-store");
  const auto challenge = boost::json::parse(res.body()).as_object();
  EXPECT_EQ(challenge.at("parameters").at("algorithm").as_string(), "PBKDF2/SHA-256");
  EXPECT_EQ(metrics.challenges_issued.load(), 1);
}

// Past its burst a client is refused at once, on the asking thread, with when to come back.
TEST_F(challenges, past_a_clients_burst_are_refused_429_with_retry_after) {
  challenge_endpoint endpoint(gate, settings, {}, 2, 2, metrics);
  std::vector<std::future<http::response>> answers;
  for (int i = 0; i < 3; ++i) {
    auto promise = std::make_shared<std::promise<http::response>>();
    answers.push_back(promise->get_future());
    endpoint.handle(from("10.0.0.1"),
                    [promise](http::response res) { promise->set_value(std::move(res)); });
  }
  ASSERT_EQ(answers[2].wait_for(std::chrono::seconds(0)), std::future_status::ready);
  const auto refused = answers[2].get();
  EXPECT_EQ(refused.status, 429U);
  EXPECT_FALSE(refused.header("Retry-After").empty());
  EXPECT_EQ(answers[0].get().status, 200U);
  EXPECT_EQ(answers[1].get().status, 200U);
  EXPECT_EQ(metrics.challenges_limited.load(), 1);
}

// While the endpoint's thread is busy, `max_pending` requests wait for it and the next is
// answered 503 at once; the waiting ones are all answered once it is free.
TEST_F(challenges, past_the_queue_are_refused_503_busy_and_the_queued_ones_still_answered) {
  challenge_endpoint endpoint(gate, settings, {}, 100, 100, metrics, 2);
  std::mutex mutex;
  std::condition_variable changed;
  bool release = false;
  int answered_200 = 0;
  bool first_running = false;
  // The first answer holds the endpoint's thread until released.
  endpoint.handle(from("10.0.0.1"), [&](http::response res) {
    std::unique_lock lock(mutex);
    first_running = true;
    changed.notify_all();
    changed.wait(lock, [&] { return release; });
    if (res.status == 200) ++answered_200;
  });
  {
    std::unique_lock lock(mutex);
    ASSERT_TRUE(changed.wait_for(lock, std::chrono::seconds(10), [&] { return first_running; }));
  }
  for (int i = 0; i < 2; ++i) {
    endpoint.handle(from("10.0.0." + std::to_string(2 + i)), [&](http::response res) {
      const std::lock_guard lock(mutex);
      if (res.status == 200) ++answered_200;
      changed.notify_all();
    });
  }
  std::optional<http::response> busy;
  endpoint.handle(from("10.0.0.9"), [&](http::response res) { busy = std::move(res); });
  ASSERT_TRUE(busy.has_value()) << "answered on the asking thread";
  EXPECT_EQ(busy->status, 503U);
  EXPECT_EQ(busy->header("Retry-After"), "1");
  EXPECT_EQ(metrics.challenges_busy.load(), 1);
  {
    std::unique_lock lock(mutex);
    release = true;
    changed.notify_all();
    EXPECT_TRUE(
        changed.wait_for(lock, std::chrono::seconds(10), [&] { return answered_200 == 3; }));
  }
}

}  // namespace
}  // namespace landing::leads
