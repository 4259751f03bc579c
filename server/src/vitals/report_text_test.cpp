#include "vitals/report_text.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>

#include "common/utf8.hpp"
#include "vitals/report_html.hpp"
#include "vitals/report_testing.hpp"

namespace landing::vitals {
namespace {

std::string text_of(const report& r) {
  std::ostringstream out;
  print_text(r, out);
  return out.str();
}

std::string line_starting(const std::string& text, const std::string& start) {
  const auto at = text.find("\n" + start);
  if (at == std::string::npos) return "";
  return text.substr(at + 1, text.find('\n', at + 1) - at - 1);
}

TEST(vitals_report_text, heads_the_table_with_the_period_and_the_filters) {
  const auto text = text_of(testing::sample_report());
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "Web Vitals from 2024-09-28 to 2024-10-04 (7 days); route /:locale, locale en, device "
            "any");
}

TEST(vitals_report_text, prints_each_metrics_count_percentiles_and_shares) {
  const auto text = text_of(testing::sample_report());
  EXPECT_EQ(line_starting(text, "LCP"),
            "LCP         1,234    2,345 ms    3,100 ms    6,000 ms   80.0%        15.0%    5.0%");
  EXPECT_EQ(line_starting(text, "CLS"),
            "CLS         1,200       0.051       0.120       0.310   90.0%         6.0%    4.0%");
  EXPECT_EQ(line_starting(text, "TTFB"),
            "TTFB            0           –           –           –       –            –       –")
      << "no figures for a metric without data";
  EXPECT_NE(line_starting(text, "Metric").find("p75"), std::string::npos);
}

TEST(vitals_report_text, gives_the_score_or_says_there_is_no_data) {
  auto r = testing::sample_report();
  EXPECT_NE(text_of(r).find("\nReal Experience Score: 93/100\n"), std::string::npos);
  r.score.reset();
  EXPECT_NE(text_of(r).find("\nReal Experience Score: no data\n"), std::string::npos);
}

TEST(vitals_report_text, lists_the_most_frequent_targets_with_counts_and_interaction_types) {
  auto r = testing::sample_report();
  const auto text = text_of(r);
  const auto elements = text.find("\nMost frequent LCP elements\n");
  const auto targets = text.find("\nMost frequent INP targets\n");
  ASSERT_NE(elements, std::string::npos);
  ASSERT_NE(targets, std::string::npos);
  EXPECT_LT(elements, targets);
  EXPECT_NE(text.find("        800  main > h1.banner\n"), std::string::npos);
  EXPECT_NE(text.find("         90  pointer   button.submit\n"), std::string::npos);
  EXPECT_NE(text.find("         12  keyboard  input[name=email]\n"), std::string::npos);
  r.top_inp_targets.clear();
  EXPECT_NE(text_of(r).find("Most frequent INP targets\n  none recorded\n"), std::string::npos);
}

TEST(vitals_report_text, writes_control_characters_and_bidi_overrides_in_selectors_as_escapes) {
  auto r = testing::sample_report();
  r.top_lcp_elements = {
      {"h1\x1b[2J\x07", "", 3}, {"a\xE2\x80\xAEgpj.exe", "", 2}, {"bad\xFF", "", 1}};
  r.options.route = "/\x1b]0;owned\x07";
  const auto text = text_of(r);
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_EQ(text.find('\x07'), std::string::npos);
  EXPECT_EQ(text.find("\xE2\x80\xAE"), std::string::npos);
  EXPECT_NE(text.find("h1\\u001b[2J\\u0007\n"), std::string::npos);
  EXPECT_NE(text.find("a\\u202egpj.exe\n"), std::string::npos);
  EXPECT_NE(text.find("bad\\xff\n"), std::string::npos);
  EXPECT_NE(text.find("route /\\u001b]0;owned\\u0007,"), std::string::npos);
}

// Every character that could hide, reorder or break a line, in the text and the HTML report.
TEST(vitals_report, no_report_writes_a_control_bidi_control_or_line_break_raw) {
  const std::u32string hidden{0x00,   0x0A,   0x0B,   0x0C,   0x0D,   0x1B,   0x7F,   0x85,
                              0x9B,   0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D,
                              0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x2028, 0x2029};
  for (const char32_t c : hidden) {
    auto r = testing::sample_report();
    const auto raw = utf8::encode(c);
    r.top_lcp_elements = {{"#a" + raw + "b", "", 3}};
    r.top_inp_targets = {{"#c" + raw + "d", "pointer", 2}};
    for (const auto& page : {text_of(r), to_html(r)}) {
      const auto shown_a = page.find("#a");
      ASSERT_NE(shown_a, std::string::npos);
      EXPECT_EQ(page.find("#a" + raw + "b"), std::string::npos) << static_cast<unsigned>(c);
      EXPECT_EQ(page.find("#c" + raw + "d"), std::string::npos) << static_cast<unsigned>(c);
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(c));
      EXPECT_NE(page.find(std::string("#a") + escape + "b"), std::string::npos)
          << static_cast<unsigned>(c);
    }
  }
}

}  // namespace
}  // namespace landing::vitals
