#include "storage/ulid.hpp"

#include <gtest/gtest.h>

namespace landing::storage {
namespace {

TEST(ulid, is_26_crockford_characters_sorting_by_time) {
  std::mt19937_64 random(1);
  const auto early = make_ulid(1700000000000, random);
  const auto late = make_ulid(1700000000001, random);
  EXPECT_EQ(early.size(), 26U);
  EXPECT_EQ(early.find_first_not_of("0123456789ABCDEFGHJKMNPQRSTVWXYZ"), std::string::npos);
  EXPECT_LT(early.substr(0, 10), late.substr(0, 10));
  EXPECT_NE(make_ulid(1, random), make_ulid(1, random));
}

TEST(ulid, encodes_the_time_in_the_first_ten_characters) {
  std::mt19937_64 random(1);
  EXPECT_EQ(make_ulid(0, random).substr(0, 10), "0000000000");
  EXPECT_EQ(make_ulid(32, random).substr(0, 10), "0000000010");
}

}  // namespace
}  // namespace landing::storage
