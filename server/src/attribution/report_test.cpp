#include "attribution/report.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "attribution/report_html.hpp"
#include "attribution/report_testing.hpp"

namespace landing::attribution {
namespace {

constexpr std::int64_t today = 20400;
using testing::day_ms;
using testing::lead;
constexpr std::int64_t minute_ms = 60'000;

storage::triage_state taken(const storage::lead& item, std::int64_t minutes,
                            std::string status = "taken") {
  storage::triage_state out;
  out.status = std::move(status);
  out.taken_at = item.created_at + minutes * minute_ms;
  return out;
}

struct data_set {
  std::vector<storage::visit_count> visits{
      {today, "en", "google", 40}, {today - 1, "ru", "google", 60},   {today, "ru", "telegram", 10},
      {today, "en", "direct", 25}, {today - 30, "en", "google", 999},  // before a 30-day period
  };
  std::vector<storage::lead> leads{
      lead("g1", today, "en", "google"),
      lead("g2", today - 1, "ru", "google"),
      lead("g3", today, "en", "google"),
      lead("t1", today, "ru", "telegram"),
      lead("u1", today, "ru", ""),
      lead("bot", today, "en", "google", "spam"),
      lead("old", today - 30, "en", "google"),
  };
  std::map<std::string, storage::triage_state> desk;
  data_set() {
    desk["g1"] = taken(leads[0], 10);
    desk["g2"] = taken(leads[1], 30, "done");
    desk["g3"].status = "spam";
    desk["t1"] = taken(leads[3], 5);
  }
};

const source_row& row_of(const report& r, std::string_view source) {
  for (const auto& row : r.sources) {
    if (row.source == source) return row;
  }
  throw std::runtime_error("no row " + std::string(source));
}

TEST(attribution_report, gives_each_sources_visits_leads_conversion_desk_shares_and_time_to_take) {
  const data_set data;
  const auto r = build_report(data.visits, data.leads, data.desk, {30, today, ""});
  ASSERT_EQ(r.sources.size(), 4U);
  // Most leads first, then most visits.
  EXPECT_EQ(r.sources[0].source, "google");
  EXPECT_EQ(r.sources[1].source, "telegram");
  EXPECT_EQ(r.sources[2].source, "unknown");
  EXPECT_EQ(r.sources[3].source, "direct");
  const auto& google = row_of(r, "google");
  EXPECT_EQ(google.visits, 100U);
  EXPECT_EQ(google.leads, 3U);  // not the bot's honeypot lead, nor the one before the period
  EXPECT_DOUBLE_EQ(*conversion(google), 3.0);
  EXPECT_EQ(google.taken, 2U);  // taken, and taken then done
  EXPECT_EQ(google.done, 1U);
  EXPECT_EQ(google.spam, 1U);
  EXPECT_NEAR(*share(google.taken, google), 66.666, 0.01);
  EXPECT_DOUBLE_EQ(*google.median_minutes_to_take, 20.0);
  const auto& unknown = row_of(r, "unknown");
  EXPECT_EQ(unknown.visits, 0U);
  EXPECT_FALSE(conversion(unknown));
  EXPECT_FALSE(unknown.median_minutes_to_take);
  const auto& direct = row_of(r, "direct");
  EXPECT_FALSE(share(direct.taken, direct));
  EXPECT_DOUBLE_EQ(*conversion(direct), 0.0);
  EXPECT_EQ(r.total.visits, 135U);
  EXPECT_EQ(r.total.leads, 5U);
  EXPECT_DOUBLE_EQ(*r.total.median_minutes_to_take, 10.0);
}

TEST(attribution_report, a_locale_and_a_shorter_period_narrow_it) {
  const data_set data;
  const auto ru = build_report(data.visits, data.leads, data.desk, {30, today, "ru"});
  EXPECT_EQ(row_of(ru, "google").visits, 60U);
  EXPECT_EQ(row_of(ru, "google").leads, 1U);
  EXPECT_EQ(ru.total.leads, 3U);
  const auto one_day = build_report(data.visits, data.leads, data.desk, {1, today, ""});
  EXPECT_EQ(row_of(one_day, "google").visits, 40U);
  EXPECT_EQ(row_of(one_day, "google").leads, 2U);
}

TEST(attribution_report, json_carries_every_figure_and_nulls_where_there_is_none) {
  const data_set data;
  const auto json = boost::json::parse(
      to_json(build_report(data.visits, data.leads, data.desk, {30, today, ""})));
  EXPECT_EQ(json.at("days").as_int64(), 30);
  EXPECT_TRUE(json.at("locale").is_null());
  const auto& google = json.at("sources").as_array()[0].as_object();
  EXPECT_EQ(google.at("source").as_string(), "google");
  EXPECT_EQ(google.at("visits").to_number<int>(), 100);
  EXPECT_EQ(google.at("leads").to_number<int>(), 3);
  EXPECT_DOUBLE_EQ(google.at("conversion_percent").to_number<double>(), 3.0);
  EXPECT_DOUBLE_EQ(google.at("taken_percent").to_number<double>(), 66.7);
  EXPECT_DOUBLE_EQ(google.at("median_minutes_to_take").to_number<double>(), 20.0);
  const auto& unknown = json.at("sources").as_array()[2].as_object();
  EXPECT_TRUE(unknown.at("conversion_percent").is_null());
  EXPECT_EQ(json.at("total").at("leads").to_number<int>(), 5);
}

TEST(attribution_report, text_has_a_line_per_source_and_a_total) {
  const data_set data;
  const auto text = to_text(build_report(data.visits, data.leads, data.desk, {30, today, ""}));
  EXPECT_NE(text.find("google"), std::string::npos);
  EXPECT_NE(text.find("total"), std::string::npos);
  EXPECT_NE(to_text(build_report({}, {}, {}, {30, today, ""})).find("no visits or leads"),
            std::string::npos);
}

TEST(attribution_report, the_page_is_self_contained_and_escapes_source_names) {
  std::vector<storage::visit_count> visits{{today, "en", "<script>alert(1)</script>", 3}};
  const auto html = to_html(build_report(visits, {}, {}, {30, today, ""}));
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;"), std::string::npos);
  EXPECT_NE(html.find("default-src 'none'"), std::string::npos);
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
}

TEST(attribution_report, no_source_name_reaches_the_text_or_the_page_with_a_hidden_character) {
  for (const std::string raw : {"\n", "\r", "\x1b", "\xC2\x85", "\xE2\x80\xA8", "\xE2\x80\xA9",
                                "\xE2\x80\xAE", "\xE2\x81\xA6"}) {
    const std::vector<storage::visit_count> visits{{today, "en", "goo" + raw + "gle", 3}};
    const auto r = build_report(visits, {}, {}, {30, today, ""});
    for (const auto& page : {to_text(r), to_html(r)}) {
      EXPECT_EQ(page.find("goo" + raw + "gle"), std::string::npos);
      EXPECT_NE(page.find("goo\\u"), std::string::npos) << page;
    }
  }
}

}  // namespace
}  // namespace landing::attribution

namespace landing::attribution {
namespace {

storage::lead from_page(std::string id, std::string landing_path,
                        std::string status = "delivered") {
  auto out = lead(std::move(id), today, "en", "direct", std::move(status));
  out.source = R"({"landing":")" + landing_path + R"(","locale":"en","at":1})";
  return out;
}

TEST(attribution_report, counts_leads_by_the_page_their_visit_began_on_most_first) {
  const std::vector<storage::lead> leads{
      from_page("a", "/en/docs/services/web3"), from_page("b", "/en"),
      from_page("c", "/en/docs/services/web3"), from_page("bot", "/en/docs/cases/aurelia", "spam"),
      lead("nosource", today, "en", ""),        from_page("old", "/en"),
  };
  auto in_period = leads;
  in_period.back().created_at = (today - 40) * day_ms;
  const auto r = build_report({}, in_period, {}, {30, today, ""});
  ASSERT_EQ(r.landings.size(), 3U);
  EXPECT_EQ(r.landings[0].landing, "/en/docs/services/web3");
  EXPECT_EQ(r.landings[0].leads, 2U);
  EXPECT_EQ(r.landings[1].landing, "/en");
  EXPECT_EQ(r.landings[1].leads, 1U);
  // A lead without a source, as in the table per source; a honeypot lead is no lead at all.
  EXPECT_EQ(r.landings[2].landing, "unknown");
  std::uint64_t total = 0;
  for (const auto& row : r.landings) total += row.leads;
  EXPECT_EQ(total, r.total.leads);

  const auto json = boost::json::parse(to_json(r)).as_object();
  const auto& first = json.at("landings").as_array().at(0).as_object();
  EXPECT_EQ(first.at("landing").as_string(), "/en/docs/services/web3");
  EXPECT_EQ(first.at("leads").as_int64(), 2);
  EXPECT_NE(to_text(r).find("/en/docs/services/web3"), std::string::npos);
  EXPECT_NE(to_html(r).find("<code>/en/docs/services/web3</code>"), std::string::npos);
}

}  // namespace
}  // namespace landing::attribution
