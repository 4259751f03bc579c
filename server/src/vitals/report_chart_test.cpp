#include "vitals/report_chart.hpp"

#include <gtest/gtest.h>

#include <string>

#include "vitals/report_testing.hpp"

namespace landing::vitals {
namespace {

using testing::occurrences;

std::string path_of(const std::string& svg) {
  const auto start = svg.find("<path d=\"");
  if (start == std::string::npos) return "";
  const auto from = start + 9;
  return svg.substr(from, svg.find('"', from) - from);
}

metric_report lcp_days(std::vector<std::pair<std::int64_t, double>> days) {
  metric_report m;
  m.name = metric::lcp;
  m.count = 100;
  m.daily_p75 = std::move(days);
  return m;
}

// 2024-10-04 is day 20000.
constexpr std::int64_t last = 20000;
constexpr std::int64_t first = last - 6;

TEST(vitals_report_chart, is_an_accessible_image_that_names_its_period_and_thresholds) {
  const auto svg = daily_chart(lcp_days({{first, 2000}, {last, 2400}}), first, last);
  EXPECT_EQ(svg.rfind("<svg ", 0), 0u);
  EXPECT_NE(svg.find("role=\"img\""), std::string::npos);
  const std::string label =
      "LCP at the 75th percentile by day, 2024-09-28 to 2024-10-04: 2 of 7 days with data, from "
      "2,000 ms to 2,400 ms; good up to 2,500 ms, poor above 4,000 ms.";
  EXPECT_NE(svg.find("role=\"img\" aria-labelledby=\"chart-LCP-title\""), std::string::npos);
  EXPECT_NE(svg.find("<title id=\"chart-LCP-title\">" + label + "</title>"), std::string::npos);
  EXPECT_EQ(svg.find("xmlns"), std::string::npos) << "inline SVG needs no namespace URL";
}

TEST(vitals_report_chart, shades_the_good_band_and_the_poor_band_and_labels_their_thresholds) {
  const auto svg = daily_chart(lcp_days({{last, 2400}}), first, last);
  // The plot runs from y 146 (0) up to y 10 (5,000 ms, a quarter past the poor threshold rounded).
  EXPECT_NE(svg.find("<rect x=\"58.0\" y=\"78.0\" width=\"244.0\" height=\"68.0\" fill=\"#0c6\""),
            std::string::npos)
      << "good: 0 to 2,500 ms\n"
      << svg;
  EXPECT_NE(svg.find("<rect x=\"58.0\" y=\"10.0\" width=\"244.0\" height=\"27.2\" fill=\"#f33\""),
            std::string::npos)
      << "poor: above 4,000 ms";
  for (const auto* tick : {">2,500 ms<", ">4,000 ms<", ">0<", ">5,000 ms<"}) {
    EXPECT_NE(svg.find(tick), std::string::npos) << tick;
  }
}

TEST(vitals_report_chart, has_a_point_per_day_with_data_in_the_period_and_breaks_the_line_at_gaps) {
  const auto svg = daily_chart(
      lcp_days(
          {{first - 3, 9000}, {first, 2000}, {first + 1, 2100}, {first + 5, 3000}, {last, 4500}}),
      first, last);
  EXPECT_EQ(occurrences(svg, "<circle"), 4u) << "the day before the period is left out";
  EXPECT_EQ(occurrences(path_of(svg), "M"), 2u) << path_of(svg);
  EXPECT_EQ(occurrences(path_of(svg), "L"), 2u) << path_of(svg);
  EXPECT_NE(svg.find("<title>2024-10-04: 4,500 ms (poor)</title>"), std::string::npos);
  EXPECT_NE(svg.find("<title>2024-10-03: 3,000 ms (needs improvement)</title>"), std::string::npos);
}

TEST(vitals_report_chart, labels_the_newest_day_and_a_few_others) {
  const auto svg = daily_chart(lcp_days({{last, 2000}}), first, last);
  for (const auto* day : {">Oct 4<", ">Oct 2<", ">Sep 30<", ">Sep 28<"}) {
    EXPECT_NE(svg.find(day), std::string::npos) << day;
  }
  EXPECT_EQ(svg.find(">Oct 3<"), std::string::npos);
  const auto month = daily_chart(lcp_days({}), last - 89, last);
  EXPECT_LE(occurrences(month, "text-anchor=\"middle\""), 4u);
  EXPECT_NE(month.find(">Oct 4<"), std::string::npos);
}

TEST(vitals_report_chart, keeps_one_very_slow_day_from_flattening_the_bands) {
  const auto svg = daily_chart(lcp_days({{first, 2000}, {last, 60000}}), first, last);
  EXPECT_NE(svg.find(">15,000 ms<"), std::string::npos)
      << "the top stays at 3 × the poor threshold, rounded up";
  EXPECT_NE(svg.find("cy=\"10.0\""), std::string::npos) << "the slow day stands at the top edge";
  EXPECT_NE(svg.find("<title>2024-10-04: 60,000 ms (poor)</title>"), std::string::npos);
  EXPECT_NE(svg.find("fill-opacity=\"0\""), std::string::npos) << "hollow: off the scale";
}

TEST(vitals_report_chart, draws_layout_shift_unitless_and_a_period_of_one_day) {
  metric_report cls;
  cls.name = metric::cls;
  cls.count = 10;
  cls.daily_p75 = {{last, 0.05}};
  const auto svg = daily_chart(cls, last, last);
  EXPECT_NE(svg.find(">0.100<"), std::string::npos);
  EXPECT_NE(svg.find(">0.250<"), std::string::npos);
  EXPECT_NE(svg.find("cx=\"180.0\""), std::string::npos) << "one day sits in the middle";
  EXPECT_EQ(svg.find(" ms"), std::string::npos);
}

}  // namespace
}  // namespace landing::vitals
