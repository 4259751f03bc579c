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

TEST(figures_pacing, a_table_that_shrank_is_read_often_again_at_once) {
  figures_pacing pacing(0.05);
  pacing.record(0, 100ms);  // 2 s
  EXPECT_FALSE(pacing.due(1999));
  pacing.record(2000, 10ms);  // retention emptied it: 200 ms
  EXPECT_FALSE(pacing.due(2199));
  EXPECT_TRUE(pacing.due(2200));
}

TEST(figures_pacing, one_slow_read_of_a_small_table_does_not_hold_the_figures_back) {
  // A check's fsync behind a busy disk, or a writer's lock: 400 ms once, after a read of 2 ms,
  // wherever it falls among the remembered reads and after them.
  for (std::size_t slow_at = 1; slow_at <= figures_pacing::remembered; ++slow_at) {
    figures_pacing pacing(0.02);
    std::int64_t at = 0;
    for (std::size_t i = 0; i <= figures_pacing::remembered; ++i, at += 1000) {
      pacing.record(at, i == slow_at ? 400ms : 2ms);
      // Due again 100 ms on, at the next check, never 20 s on.
      EXPECT_TRUE(pacing.due(at + 100)) << slow_at << " " << i;
    }
  }
}

TEST(figures_pacing, a_table_that_grew_is_paced_by_its_new_cost_within_a_few_reads) {
  figures_pacing pacing(0.02);
  std::int64_t at = 0;
  for (std::size_t i = 0; i < 3; ++i, at += 1000) pacing.record(at, 2ms);
  for (std::size_t i = 0; i < figures_pacing::remembered; ++i) {
    pacing.record(at, 1s);
    const bool paced = i + 1 == figures_pacing::remembered;
    // Until every remembered read is slow the cheapest is 2 ms; then the wait is 50 s.
    EXPECT_EQ(pacing.due(at + 49999), !paced) << i;
    EXPECT_TRUE(pacing.due(at + 50000)) << i;
    at = paced ? at : at + 1000;
  }
}

TEST(figures_pacing, a_read_that_took_no_measurable_time_is_due_at_once) {
  figures_pacing pacing(0.02);
  pacing.record(5000, 0ns);
  EXPECT_TRUE(pacing.due(5000));
}

}  // namespace
}  // namespace landing::app
