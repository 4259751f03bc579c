#include "attribution/funnel_report.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "attribution/report.hpp"
#include "attribution/report_html.hpp"
#include "attribution/report_testing.hpp"

namespace landing::attribution {
namespace {

constexpr std::int64_t today = 20400;
using testing::day_ms;
using testing::lead;

storage::triage_state desk_state(std::string status, std::int64_t taken_at) {
  storage::triage_state out;
  out.status = std::move(status);
  out.taken_at = taken_at;
  return out;
}

// Counted by hand: google has 10 arrivals on phones and 5 on desktops today (en), 8 and 2 of
// them saw the cases, 3 read a docs page, 4 started the form; yesterday 5 more arrived in ru.
// Its leads: g1 taken, g2 done, g3 marked spam on the desk (not sent), a honeypot lead (not a
// lead), and one from before the period. A lead without a source is unknown.
struct data_set {
  std::vector<storage::funnel_count> counts{
      {today, "en", "google", "mobile", "arrived", 10},
      {today, "en", "google", "desktop", "arrived", 5},
      {today, "en", "google", "mobile", "cases", 8},
      {today, "en", "google", "desktop", "cases", 2},
      {today, "en", "google", "mobile", "docs", 3},
      {today, "en", "google", "mobile", "form", 4},
      {today - 1, "ru", "google", "mobile", "arrived", 5},
      {today, "en", "direct", "desktop", "arrived", 7},
      {today - 30, "en", "google", "mobile", "arrived", 999},  // before a 30-day period
      {today, "en", "google", "mobile", "sent", 50},           // not a page step: ignored
  };
  std::vector<storage::lead> leads{
      lead("g1", today, "en", "google"),       lead("g2", today - 1, "ru", "google"),
      lead("g3", today, "en", "google"),       lead("bot", today, "en", "google", "spam"),
      lead("old", today - 30, "en", "google"), lead("u1", today, "ru", ""),
  };
  std::map<std::string, storage::triage_state> desk{
      {"g1", desk_state("taken", today* day_ms + 4000'000)},
      {"g2", desk_state("done", today* day_ms)},
      {"g3", desk_state("spam", 0)},
  };
};

const funnel_row& row_of(const funnel& f, std::string_view source) {
  for (const auto& row : f.sources) {
    if (row.source == source) return row;
  }
  throw std::runtime_error("no row " + std::string(source));
}

using steps = std::array<std::uint64_t, 7>;

TEST(funnel, counts_each_step_per_source_from_the_counts_and_the_leads) {
  const data_set data;
  const auto f = build_funnel(data.counts, data.leads, data.desk, {today - 29, today, ""});
  ASSERT_EQ(f.sources.size(), 3U);
  EXPECT_EQ(f.sources[0].source, "google");  // most arrivals first
  EXPECT_EQ(row_of(f, "google").steps, (steps{20, 10, 3, 4, 2, 2, 1}));
  EXPECT_EQ(row_of(f, "direct").steps, (steps{7, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(row_of(f, "unknown").steps, (steps{0, 0, 0, 0, 1, 0, 0}));
  EXPECT_EQ(f.total.steps, (steps{27, 10, 3, 4, 3, 2, 1}));
}

TEST(funnel, sent_agrees_with_the_reports_leads_less_those_the_desk_marked_spam) {
  const data_set data;
  const report_options options{30, today, ""};
  const auto r = build_report({}, data.leads, data.desk, options);
  const auto f = build_funnel(data.counts, data.leads, data.desk, period_of(options));
  EXPECT_EQ(f.total.steps[4] + r.total.spam, r.total.leads);
  EXPECT_EQ(f.total.steps[5], r.total.taken);  // g1 and g2; g3 went to spam untaken
  EXPECT_EQ(f.total.steps[6], r.total.done);
}

TEST(funnel, a_locale_and_a_shorter_period_narrow_every_step) {
  const data_set data;
  const auto ru = build_funnel(data.counts, data.leads, data.desk, {today - 29, today, "ru"});
  EXPECT_EQ(row_of(ru, "google").steps, (steps{5, 0, 0, 0, 1, 1, 1}));
  const auto one_day = build_funnel(data.counts, data.leads, data.desk, {today, today, ""});
  EXPECT_EQ(row_of(one_day, "google").steps, (steps{15, 10, 3, 4, 1, 1, 0}));
}

TEST(funnel, drop_off_is_the_share_of_the_step_before_that_went_no_further) {
  funnel_row row{"google", {20, 10, 3, 4, 0, 0, 0}};
  EXPECT_FALSE(drop_off(row, 0));
  EXPECT_DOUBLE_EQ(*drop_off(row, 1), 50.0);
  EXPECT_DOUBLE_EQ(*drop_off(row, 2), 70.0);
  EXPECT_NEAR(*drop_off(row, 3), -33.333, 0.001);  // more started the form than read the docs
  EXPECT_DOUBLE_EQ(*drop_off(row, 4), 100.0);
  EXPECT_FALSE(drop_off(row, 5));  // nothing sent: no share to take
}

TEST(funnel, the_report_shows_it_in_text_json_and_html) {
  const data_set data;
  const report_options options{30, today, ""};
  auto r = build_report({}, data.leads, data.desk, options);
  r.funnel = build_funnel(data.counts, data.leads, data.desk, period_of(options));
  const auto text = to_text(r);
  EXPECT_NE(text.find("Funnel by source"), std::string::npos);
  EXPECT_NE(text.find("google"), std::string::npos);
  EXPECT_NE(text.find("10 -50%"), std::string::npos) << text;
  EXPECT_EQ(text.find("-0%"), std::string::npos) << text;
  EXPECT_NE(funnel_text(build_funnel({{today, "en", "x", "mobile", "arrived", 3},
                                      {today, "en", "x", "mobile", "cases", 3}},
                                     {}, {}, {today, today, ""}))
                .find("3 0%"),
            std::string::npos);

  const auto json = boost::json::parse(to_json(r));
  const auto& google = json.at("funnel").at("sources").at(0);
  EXPECT_EQ(google.at("source").as_string(), "google");
  EXPECT_EQ(google.at("steps").at("arrived").to_number<std::uint64_t>(), 20U);
  EXPECT_EQ(google.at("steps").at("done").to_number<std::uint64_t>(), 1U);
  EXPECT_DOUBLE_EQ(google.at("drop_percent").at("cases").as_double(), 50.0);
  EXPECT_TRUE(google.at("drop_percent").at("docs").is_double());
  EXPECT_EQ(json.at("funnel").at("total").at("steps").at("sent").to_number<std::uint64_t>(), 3U);
  EXPECT_EQ(json.at("funnel").at("steps").as_array().size(), 7U);

  const auto html = to_html(r);
  EXPECT_NE(html.find("<h2>Funnel</h2>"), std::string::npos);
  // The chart's first bar is the widest step, the arrivals; the cases' half as long.
  EXPECT_NE(html.find("aria-label=\"27\"><span style=\"width:100.0%\">"), std::string::npos);
  EXPECT_NE(html.find("aria-label=\"10\"><span style=\"width:37.0%\">"), std::string::npos);
}

TEST(funnel, an_empty_period_says_so_and_a_source_tag_is_escaped) {
  const auto none = build_funnel({}, {}, {}, {today, today, ""});
  EXPECT_TRUE(none.sources.empty());
  EXPECT_EQ(funnel_text(none), "");
  EXPECT_NE(funnel_html(none).find("No visit reached a step"), std::string::npos);
  const auto odd =
      build_funnel({{today, "en", "<b>\n", "mobile", "arrived", 1}}, {}, {}, {today, today, ""});
  EXPECT_EQ(funnel_html(odd).find("<b>"), std::string::npos);
  EXPECT_EQ(funnel_text(odd).find("<b>\n"), std::string::npos);
}

}  // namespace
}  // namespace landing::attribution
