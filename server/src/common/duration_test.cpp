#include "common/duration.hpp"

#include <gtest/gtest.h>

namespace landing {
namespace {

using std::chrono::milliseconds;

TEST(duration, reads_seconds_minutes_hours_and_their_combinations) {
  EXPECT_EQ(parse_duration("45s"), milliseconds(45'000));
  EXPECT_EQ(parse_duration("30m"), milliseconds(1'800'000));
  EXPECT_EQ(parse_duration("2h"), milliseconds(7'200'000));
  EXPECT_EQ(parse_duration("1h30m"), milliseconds(5'400'000));
  EXPECT_EQ(parse_duration("1h0m5s"), milliseconds(3'605'000));
  EXPECT_EQ(parse_duration("0s"), milliseconds(0));
  EXPECT_EQ(parse_duration("8784h"), milliseconds(8784LL * 3600 * 1000));
}

TEST(duration, refuses_anything_else) {
  for (const auto* bad :
       {"", "30", "m", "30x", "30 m", " 30m", "30m ", "-5s", "+5s", "5s5s", "5m1h", "1.5h", "30M",
        "1h30", "99999999999999999999s", "8785h", "527041m", "1h\n", "３０m"}) {
    EXPECT_FALSE(parse_duration(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace landing
