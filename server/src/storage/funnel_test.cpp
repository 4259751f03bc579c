// The funnel's daily counts, against each engine: SQLite in a temporary file, PostgreSQL on the
// tests' own server.
#include "storage/funnel.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <thread>
#include <vector>

#include "storage/engines_testing.hpp"

namespace landing::storage {
namespace {

using testing::engine;
using testing::engines;

class funnel_suite : public ::testing::TestWithParam<engine> {
 protected:
  void SetUp() override { store = GetParam().open(dir); }
  void TearDown() override { store->stop(); }
  landing::testing::temp_folder dir;
  std::unique_ptr<lead_store> store;
};

TEST_P(funnel_suite, steps_add_up_by_day_locale_class_device_and_step) {
  store->add_funnel({{20000, "en", "google", "mobile", "arrived", 3},
                     {20000, "en", "google", "mobile", "cases", 2},
                     {20000, "en", "google", "desktop", "arrived", 1}},
                    200, "other");
  store->add_funnel({{20000, "en", "google", "mobile", "arrived", 2},
                     {20000, "ru", "direct", "mobile", "form", 1},
                     {20001, "en", "google", "mobile", "docs", 1}},
                    200, "other");
  EXPECT_EQ(store->read_funnel(0, ""),
            (std::vector<funnel_count>{{20000, "en", "google", "desktop", "arrived", 1},
                                       {20000, "en", "google", "mobile", "arrived", 5},
                                       {20000, "en", "google", "mobile", "cases", 2},
                                       {20000, "ru", "direct", "mobile", "form", 1},
                                       {20001, "en", "google", "mobile", "docs", 1}}));
  EXPECT_EQ(store->read_funnel(20001, "").size(), 1U);
  EXPECT_EQ(store->read_funnel(0, "ru").size(), 1U);
  EXPECT_EQ(store->prune_funnel(20001), 4);
  EXPECT_EQ(store->read_funnel(0, ""),
            (std::vector<funnel_count>{{20001, "en", "google", "mobile", "docs", 1}}));
}

TEST_P(funnel_suite, a_day_keeps_a_bounded_set_of_classes_and_the_rest_counts_as_other) {
  store->add_funnel({{20000, "en", "google", "mobile", "arrived", 1},
                     {20000, "en", "direct", "mobile", "arrived", 1}},
                    3, "other");
  // One more class fits; past it, new classes are other, and a known class keeps counting in
  // any step, device or locale. The next day starts afresh.
  store->add_funnel({{20000, "en", "t.me", "mobile", "arrived", 1},
                     {20000, "en", "made-up-1", "mobile", "arrived", 4},
                     {20000, "ru", "made-up-2", "desktop", "form", 5},
                     {20000, "ru", "google", "desktop", "cases", 1},
                     {20001, "en", "made-up-1", "mobile", "arrived", 1}},
                    3, "other");
  EXPECT_EQ(store->read_funnel(0, ""),
            (std::vector<funnel_count>{{20000, "en", "direct", "mobile", "arrived", 1},
                                       {20000, "en", "google", "mobile", "arrived", 1},
                                       {20000, "en", "other", "mobile", "arrived", 4},
                                       {20000, "en", "t.me", "mobile", "arrived", 1},
                                       {20000, "ru", "google", "desktop", "cases", 1},
                                       {20000, "ru", "other", "desktop", "form", 5},
                                       {20001, "en", "made-up-1", "mobile", "arrived", 1}}));
}

TEST_P(funnel_suite, batches_written_at_once_from_several_threads_all_count) {
  // Replicas (or a replica and a restart) adding the same key at the same moment.
  std::vector<std::thread> writers;
  for (int i = 0; i < 4; ++i) {
    writers.emplace_back([this] {
      for (int round = 0; round < 5; ++round) {
        store->add_funnel({{20000, "en", "google", "mobile", "cases", 1}}, 200, "other");
      }
    });
  }
  for (auto& each : writers) each.join();
  EXPECT_EQ(store->read_funnel(0, ""),
            (std::vector<funnel_count>{{20000, "en", "google", "mobile", "cases", 20}}));
}

INSTANTIATE_TEST_SUITE_P(engines, funnel_suite, ::testing::ValuesIn(engines()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace landing::storage
