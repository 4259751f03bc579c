#include "vitals/report_html.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "vitals/report_testing.hpp"

namespace landing::vitals {
namespace {

using testing::occurrences;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(vitals_report_html, is_one_english_page_for_phones_and_desktops_that_loads_nothing) {
  const auto html = to_html(testing::sample_report());
  EXPECT_EQ(html.rfind("<!doctype html><html lang=\"en\">", 0), 0u);
  EXPECT_TRUE(contains(html, "<meta charset=\"utf-8\">"));
  EXPECT_TRUE(
      contains(html, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"));
  EXPECT_TRUE(contains(html,
                       "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
                       "'none'; style-src 'unsafe-inline'\">"));
  for (const auto* reference :
       {"src=", "href=", "url(", "http:", "https:", "@import", "<script", "<link", "<img"}) {
    EXPECT_FALSE(contains(html, reference)) << reference;
  }
  EXPECT_EQ(occurrences(html, "<style>"), 1u);
  EXPECT_TRUE(html.ends_with("</html>"));
}

TEST(vitals_report_html, escapes_selectors_interaction_types_and_filters) {
  auto r = testing::sample_report();
  r.top_lcp_elements = {{"<script>alert(1)</script>", "", 5}, {"a[title=\"x\"] & b", "", 4}};
  r.top_inp_targets = {{"<img src=x onerror=alert(2)>", "<b>pointer</b>", 3}};
  r.options.route = "/<svg onload=alert(3)>";
  r.options.device = "\"><script>";
  const auto html = to_html(r);
  EXPECT_FALSE(contains(html, "<script"));
  EXPECT_FALSE(contains(html, "<img"));
  EXPECT_FALSE(contains(html, "<b>pointer"));
  EXPECT_FALSE(contains(html, "<svg onload"));
  EXPECT_TRUE(contains(html, "<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>"));
  EXPECT_TRUE(contains(html, "<code>a[title=&quot;x&quot;] &amp; b</code>"));
  EXPECT_TRUE(contains(html, "<code>&lt;img src=x onerror=alert(2)&gt;</code>"));
  EXPECT_TRUE(contains(html, "<td>&lt;b&gt;pointer&lt;/b&gt;</td>"));
  EXPECT_TRUE(contains(html, "/&lt;svg onload=alert(3)&gt;"));
  EXPECT_TRUE(contains(html, "&quot;&gt;&lt;script&gt;"));
}

TEST(vitals_report_html, draws_one_chart_per_metric_with_data_with_its_bands) {
  const auto r = testing::sample_report();
  const auto html = to_html(r);
  EXPECT_EQ(occurrences(html, "<svg "), 4u) << "LCP, INP, CLS and FCP; TTFB has no data";
  EXPECT_EQ(occurrences(html, "role=\"img\" aria-labelledby=\"chart-"), 4u);
  EXPECT_EQ(occurrences(html, "<title id=\"chart-LCP-title\">LCP at the 75th percentile by day"),
            1u);
  EXPECT_EQ(occurrences(html, "fill=\"#0c6\" fill-opacity=\".16\""), 4u) << "good bands";
  EXPECT_EQ(occurrences(html, "fill=\"#f33\" fill-opacity=\".13\""), 4u) << "poor bands";
  EXPECT_TRUE(contains(html, "No measurements in this period."));
}

TEST(vitals_report_html, shows_each_metrics_figures_and_rating) {
  const auto html = to_html(testing::sample_report());
  for (const auto* figure : {">2,345 ms<", ">1,234<", ">3,100 ms<", ">6,000 ms<", "Good 80.0%",
                             "Needs improvement 15.0%", "Poor 5.0%", ">0.051<"}) {
    EXPECT_TRUE(contains(html, figure)) << figure;
  }
  EXPECT_TRUE(contains(html, "<h2 id=\"metric-LCP\">LCP<small>Largest Contentful Paint</small>"));
  EXPECT_TRUE(contains(html, "<article class=\"panel card pass\" aria-labelledby=\"metric-LCP\">"));
  EXPECT_TRUE(
      contains(html, "<article class=\"panel card none\" aria-labelledby=\"metric-TTFB\">"));
}

TEST(vitals_report_html, colours_the_score_by_lighthouses_bands) {
  auto r = testing::sample_report();
  for (auto [score, band] :
       {std::pair{100, "pass"}, std::pair{90, "pass"}, std::pair{89, "average"},
        std::pair{50, "average"}, std::pair{49, "fail"}, std::pair{0, "fail"}}) {
    r.score = score;
    std::ostringstream gauge;
    gauge << "<div class=\"gauge " << band << "\" style=\"--score:" << score
          << "\" role=\"img\" aria-label=\"Score " << score << " out of 100\"><span>" << score
          << "</span></div>";
    EXPECT_TRUE(contains(to_html(r), gauge.str())) << score;
  }
  r.score.reset();
  const auto html = to_html(r);
  EXPECT_TRUE(contains(html, "<div class=\"gauge none\""));
  EXPECT_TRUE(contains(html, "Real Experience Score: no data"));
}

TEST(vitals_report_html, lists_the_most_frequent_targets_in_tables) {
  auto r = testing::sample_report();
  auto html = to_html(r);
  EXPECT_TRUE(contains(
      html, "<tr><td><code>main &gt; h1.banner</code></td><td class=\"num\">800</td></tr>"));
  EXPECT_TRUE(contains(html,
                       "<tr><td><code>button.submit</code></td><td>pointer</td><td "
                       "class=\"num\">90</td></tr>"));
  r.top_lcp_elements.clear();
  r.top_inp_targets.clear();
  html = to_html(r);
  EXPECT_EQ(occurrences(html, "<table>"), 0u);
  EXPECT_EQ(occurrences(html, "None recorded in this period."), 2u);
}

}  // namespace
}  // namespace landing::vitals
