#include "storage/turns.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <thread>
#include <vector>

namespace landing::storage {
namespace {

using namespace std::chrono_literals;

TEST(turns, a_waiting_lead_goes_before_every_waiting_measurement) {
  turns gate;
  std::promise<void> writing;
  std::promise<void> release;
  // A measurement batch is writing; measurements and then a lead queue behind it.
  std::thread first([&] {
    gate.measurement([&] {
      writing.set_value();
      release.get_future().wait();
    });
  });
  writing.get_future().wait();
  std::mutex order_mutex;
  std::vector<char> order;
  std::vector<std::thread> waiting;
  for (int i = 0; i < 3; ++i) {
    waiting.emplace_back([&] {
      gate.measurement([&] {
        const std::lock_guard lock(order_mutex);
        order.push_back('m');
      });
    });
  }
  std::this_thread::sleep_for(50ms);
  waiting.emplace_back([&] {
    gate.lead([&] {
      const std::lock_guard lock(order_mutex);
      order.push_back('L');
    });
  });
  std::this_thread::sleep_for(50ms);
  release.set_value();
  first.join();
  for (auto& each : waiting) each.join();
  ASSERT_EQ(order.size(), 4U);
  EXPECT_EQ(order.front(), 'L');
}

TEST(turns, one_writer_at_a_time_and_the_work_result_comes_back) {
  turns gate;
  std::atomic<int> inside{0};
  std::atomic<int> most{0};
  std::vector<std::thread> writers;
  for (int i = 0; i < 8; ++i) {
    writers.emplace_back([&, i] {
      for (int k = 0; k < 200; ++k) {
        const auto work = [&] {
          most = std::max(most.load(), ++inside);
          --inside;
          return k;
        };
        EXPECT_EQ(i % 2 ? gate.lead(work) : gate.measurement(work), k);
      }
    });
  }
  for (auto& each : writers) each.join();
  EXPECT_EQ(most.load(), 1);
}

}  // namespace
}  // namespace landing::storage
