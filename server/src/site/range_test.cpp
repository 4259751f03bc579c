#include "site/range.hpp"

#include <gtest/gtest.h>

namespace landing::site {
namespace {

TEST(range, closed_open_and_suffix_ranges) {
  auto r = parse_range("bytes=0-99", 1000);
  EXPECT_EQ(r.outcome, range_result::partial);
  EXPECT_EQ(r.first, 0U);
  EXPECT_EQ(r.last, 99U);
  r = parse_range("bytes=900-", 1000);
  EXPECT_EQ(r.first, 900U);
  EXPECT_EQ(r.last, 999U);
  r = parse_range("bytes=-100", 1000);
  EXPECT_EQ(r.first, 900U);
  EXPECT_EQ(r.last, 999U);
}

TEST(range, clamps_the_end_to_the_file) {
  const auto r = parse_range("bytes=500-5000", 1000);
  EXPECT_EQ(r.outcome, range_result::partial);
  EXPECT_EQ(r.last, 999U);
}

TEST(range, start_past_the_end_is_unsatisfiable) {
  EXPECT_EQ(parse_range("bytes=1000-", 1000).outcome, range_result::unsatisfiable);
  EXPECT_EQ(parse_range("bytes=-0", 1000).outcome, range_result::unsatisfiable);
}

TEST(range, malformed_or_multiple_ranges_mean_the_whole_file) {
  EXPECT_EQ(parse_range("bytes=0-1,5-6", 1000).outcome, range_result::none);
  EXPECT_EQ(parse_range("items=0-1", 1000).outcome, range_result::none);
  EXPECT_EQ(parse_range("bytes=5-1", 1000).outcome, range_result::none);
  EXPECT_EQ(parse_range("bytes=x-1", 1000).outcome, range_result::none);
}

}  // namespace
}  // namespace landing::site
