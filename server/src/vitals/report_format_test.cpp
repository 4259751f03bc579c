#include "vitals/report_format.hpp"

#include <gtest/gtest.h>

namespace landing::vitals {
namespace {

TEST(vitals_report_format, times_are_whole_milliseconds_with_separators_and_the_unit) {
  EXPECT_EQ(format_value(metric::lcp, 2345.4), "2,345 ms");
  EXPECT_EQ(format_value(metric::inp, 7.6), "8 ms");
  EXPECT_EQ(format_value(metric::ttfb, 0), "0 ms");
  EXPECT_EQ(format_value(metric::fcp, 1234567), "1,234,567 ms");
}

TEST(vitals_report_format, layout_shift_is_unitless_with_three_decimals) {
  EXPECT_EQ(format_value(metric::cls, 0.0512), "0.051");
  EXPECT_EQ(format_value(metric::cls, 0), "0.000");
  EXPECT_EQ(format_value(metric::cls, 1.25), "1.250");
}

TEST(vitals_report_format, shares_are_percentages_with_one_decimal) {
  EXPECT_EQ(format_share(0.8), "80.0%");
  EXPECT_EQ(format_share(1.0 / 3), "33.3%");
  EXPECT_EQ(format_share(0), "0.0%");
}

TEST(vitals_report_format, counts_group_thousands) {
  EXPECT_EQ(format_count(0), "0");
  EXPECT_EQ(format_count(999), "999");
  EXPECT_EQ(format_count(1000), "1,000");
  EXPECT_EQ(format_count(12345678), "12,345,678");
}

TEST(vitals_report_format, every_metric_has_a_full_name_and_a_plain_explanation) {
  for (auto m : all_metrics) {
    EXPECT_FALSE(full_name(m).empty()) << definition(m).name;
    EXPECT_FALSE(what_it_measures(m).empty()) << definition(m).name;
  }
  EXPECT_EQ(full_name(metric::inp), "Interaction to Next Paint");
}

}  // namespace
}  // namespace landing::vitals
