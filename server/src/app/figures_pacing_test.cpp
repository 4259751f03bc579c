#include "app/figures_pacing.hpp"

#include <gtest/gtest.h>

namespace landing::app {
namespace {

using namespace std::chrono_literals;

TEST(figures_pacing, the_first_check_reads_them) {
  const figures_pacing pacing(0.02);
  EXPECT_TRUE(pacing.due(0));
  EXPECT_TRUE(pacing.due(1700000000000));
}

TEST(figures_pacing, a_cheap_read_is_due_again_at_the_next_check) {
  figures_pacing pacing(0.02);
  pacing.record(1000, 2ms);  // a small table: due 100 ms later, before the next check at 2000
  EXPECT_FALSE(pacing.due(1099));
  EXPECT_TRUE(pacing.due(1100));
  EXPECT_TRUE(pacing.due(2000));
}

TEST(figures_pacing, a_costly_read_waits_until_it_is_the_given_share_of_the_time) {
  for (const auto cost : {20ms, 78ms, 650ms, 4000ms}) {
    figures_pacing pacing(0.02);
    pacing.record(50000, cost);
    const auto wait = cost.count() * 50;
    EXPECT_FALSE(pacing.due(50000 + wait - 1)) << cost.count();
    EXPECT_TRUE(pacing.due(50000 + wait)) << cost.count();
  }
}

TEST(figures_pacing, each_read_sets_the_next_wait_from_its_own_cost) {
  figures_pacing pacing(0.05);
  pacing.record(0, 100ms);  // 2 s
  EXPECT_FALSE(pacing.due(1999));
  pacing.record(2000, 10ms);  // the table shrank (retention): 200 ms
  EXPECT_TRUE(pacing.due(2200));
  pacing.record(3000, 1s);  // and grew: 20 s
  EXPECT_FALSE(pacing.due(22999));
  EXPECT_TRUE(pacing.due(23000));
}

TEST(figures_pacing, a_read_that_took_no_measurable_time_is_due_at_once) {
  figures_pacing pacing(0.02);
  pacing.record(5000, 0ns);
  EXPECT_TRUE(pacing.due(5000));
}

}  // namespace
}  // namespace landing::app
