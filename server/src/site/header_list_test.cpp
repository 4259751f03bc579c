#include "site/header_list.hpp"

#include <gtest/gtest.h>

namespace landing::site {
namespace {

TEST(header_list, trims_spaces_and_tabs_around_an_item) {
  EXPECT_EQ(trim_ows(" \tbr; q=0.5 \t"), "br; q=0.5");
  EXPECT_EQ(trim_ows("   "), "");
}

TEST(header_list, reads_the_q_value_or_defaults_to_one) {
  EXPECT_DOUBLE_EQ(quality_of(";q=0.8"), 0.8);
  EXPECT_DOUBLE_EQ(quality_of(""), 1.0);
  EXPECT_DOUBLE_EQ(quality_of(";level=1"), 1.0);
}

TEST(header_list, treats_an_unreadable_q_value_as_zero) {
  EXPECT_DOUBLE_EQ(quality_of(";q=abc"), 0.0);
}

}  // namespace
}  // namespace landing::site
