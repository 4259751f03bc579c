#include "storage/ulid.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

namespace landing::storage {
namespace {

TEST(ulid, is_26_crockford_characters_sorting_by_time) {
  ulid_generator ids(1);
  const auto early = ids.next(1700000000000);
  const auto late = ids.next(1700000000001);
  EXPECT_EQ(early.size(), 26U);
  EXPECT_EQ(early.find_first_not_of("0123456789ABCDEFGHJKMNPQRSTVWXYZ"), std::string::npos);
  EXPECT_LT(early.substr(0, 10), late.substr(0, 10));
  EXPECT_LT(early, late);
}

TEST(ulid, encodes_the_time_in_the_first_ten_characters) {
  ulid_generator ids(1);
  EXPECT_EQ(ids.next(0).substr(0, 10), "0000000000");
  EXPECT_EQ(ids.next(32).substr(0, 10), "0000000010");
  EXPECT_EQ(ids.next(281474976710655).substr(0, 10), "7ZZZZZZZZZ");
}

// Whatever the random bits start at (every seed below, and halves at their last value, which
// carry), ids of one millisecond sort in the order they were made and never repeat.
TEST(ulid, ids_of_one_millisecond_sort_in_the_order_made) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    ulid_generator ids(seed);
    std::vector<std::string> made;
    for (int i = 0; i < 50; ++i) made.push_back(ids.next(1700000000000 + (i / 20)));
    EXPECT_TRUE(std::is_sorted(made.begin(), made.end())) << seed;
    EXPECT_EQ(std::set<std::string>(made.begin(), made.end()).size(), made.size()) << seed;
  }
}

// The count carries like a number and the spelling keeps its order, at every edge of a half.
TEST(ulid, counting_carries_from_the_low_half_and_spelling_keeps_the_order) {
  constexpr auto top = ulid_generator::half_max;
  for (const auto high : {std::uint64_t{0}, std::uint64_t{1}, top / 2, top - 1}) {
    for (const auto low : {std::uint64_t{0}, top / 2, top - 1, top}) {
      auto h = high;
      auto l = low;
      ASSERT_TRUE(ulid_generator::count_up(h, l));
      EXPECT_EQ(l, low == top ? 0 : low + 1);
      EXPECT_EQ(h, low == top ? high + 1 : high);
      EXPECT_LT(ulid_generator::spell(9, high, low), ulid_generator::spell(9, h, l));
    }
  }
  auto h = top;
  auto l = top;
  EXPECT_FALSE(ulid_generator::count_up(h, l));
  EXPECT_EQ(h, top);
  EXPECT_EQ(l, top);
  EXPECT_EQ(ulid_generator::spell(0, top, top), "0000000000ZZZZZZZZZZZZZZZZ");
}

TEST(ulid, a_clock_that_went_back_still_gives_new_ids) {
  ulid_generator ids(3);
  const auto first = ids.next(2000);
  const auto earlier = ids.next(1000);
  EXPECT_NE(first, earlier);
  EXPECT_EQ(earlier.substr(0, 10), ids.next(1000).substr(0, 10));
}

}  // namespace
}  // namespace landing::storage
