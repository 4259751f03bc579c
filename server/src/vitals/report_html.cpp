#include "vitals/report_html.hpp"

#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "common/html_escape.hpp"
#include "common/report_style.hpp"
#include "common/visible.hpp"
#include "vitals/report_chart.hpp"
#include "vitals/report_format.hpp"
#include "vitals/report_html_style.hpp"

namespace landing::vitals {
namespace {

// The CSS classes of Lighthouse's bands: its score bands, and Google's for each metric.
std::string_view band_of_score(int score) {
  return score >= 90 ? "pass" : score >= 50 ? "average" : "fail";
}
std::string_view band_of(rating r) {
  return r == rating::good ? "pass" : r == rating::poor ? "fail" : "average";
}
std::string_view rating_label(rating r) {
  return r == rating::good ? "Good" : r == rating::poor ? "Poor" : "Needs improvement";
}

std::string filter_chip(std::string_view name, std::string_view value) {
  return "<li>" + std::string(name) + ": <b>" +
         (value.empty() ? std::string("any") : escape_html(visible(value))) + "</b></li>";
}

std::string header(const report& r) {
  const auto& o = r.options;
  return "<header><h1>Web Vitals of real visitors</h1><p class=\"lead\">" +
         format_day(first_day(o)) + " to " + format_day(o.today) +
         ", as measured in visitors&#39; browsers</p><ul class=\"filters\">" +
         filter_chip("Route", o.route) + filter_chip("Locale", o.locale) +
         filter_chip("Device", o.device) + "</ul></header>";
}

std::string score_panel(const report& r) {
  std::string gauge;
  if (r.score) {
    const auto value = std::to_string(*r.score);
    gauge = "<div class=\"gauge " + std::string(band_of_score(*r.score)) +
            "\" style=\"--score:" + value + "\" role=\"img\" aria-label=\"Score " + value +
            " out of 100\"><span>" + value + "</span></div>";
  } else {
    gauge =
        "<div class=\"gauge none\" style=\"--score:0\" role=\"img\" aria-label=\"No score: no "
        "data in this period\"><span>–</span></div>";
  }
  return "<section class=\"panel score\" aria-labelledby=\"score\">" + gauge +
         "<div><h2 id=\"score\">Real Experience Score" +
         (r.score ? ": " + std::to_string(*r.score) + "/100" : std::string(": no data")) +
         "</h2><p class=\"note\">Lighthouse&#39;s performance scoring applied to what real "
         "visitors experienced: the 75th percentile of LCP, INP, CLS and FCP.</p>"
         "<ul class=\"legend\"><li><i class=\"dot pass\"></i>90–100 good</li>"
         "<li><i class=\"dot average\"></i>50–89 needs improvement</li>"
         "<li><i class=\"dot fail\"></i>0–49 poor</li></ul></div></section>";
}

std::string shares(const metric_report& m) {
  std::string bar = "<div class=\"bar\" aria-hidden=\"true\">";
  std::string legend = "<ul class=\"legend\">";
  for (auto [band, label, fraction] :
       {std::tuple{"pass", "Good", m.good},
        std::tuple{"average", "Needs improvement", m.needs_improvement},
        std::tuple{"fail", "Poor", m.poor}}) {
    bar += "<span class=\"" + std::string(band) + "\" style=\"width:" + format_share(fraction) +
           "\"></span>";
    legend += "<li><i class=\"dot " + std::string(band) + "\"></i>" + label + " " +
              format_share(fraction) + "</li>";
  }
  return bar + "</div>" + legend + "</ul>";
}

std::string card(const metric_report& m, const report_options& o) {
  const auto& d = definition(m.name);
  const std::string id = "metric-" + std::string(d.name);
  const auto rated = rate(m.name, m.p75);
  const bool measured = m.count > 0;
  std::string html =
      "<article class=\"panel card " + std::string(measured ? band_of(rated) : "none") +
      "\" aria-labelledby=\"" + id + "\"><div class=\"card-head\"><h2 id=\"" + id + "\">" +
      std::string(d.name) + "<small>" + std::string(full_name(m.name)) +
      "</small></h2><span class=\"badge\">" +
      std::string(measured ? rating_label(rated) : "No data") + "</span></div><p class=\"note\">" +
      std::string(what_it_measures(m.name)) + "</p>";
  if (!measured) return html + "<p class=\"empty\">No measurements in this period.</p></article>";
  html +=
      "<p class=\"value\">" + format_value(m.name, m.p75) +
      "<small>at the 75th percentile</small></p><dl class=\"stats\"><div><dt>Measured</dt><dd>" +
      format_count(m.count) + "</dd></div><div><dt>p90</dt><dd>" + format_value(m.name, m.p90) +
      "</dd></div><div><dt>p99</dt><dd>" + format_value(m.name, m.p99) + "</dd></div></dl>" +
      shares(m);
  return html + "<figure>" + daily_chart(m, first_day(o), o.today) +
         "<figcaption>75th percentile by day. Good up to " + format_value(m.name, d.good) +
         ", poor above " + format_value(m.name, d.poor) + ".</figcaption></figure></article>";
}

std::string targets_table(std::string_view title, std::string_view note,
                          const std::vector<storage::vitals_target>& targets, bool with_type) {
  std::string html = "<section class=\"panel\"><h2>" + std::string(title) +
                     "</h2><p class=\"note\">" + std::string(note) + "</p>";
  if (targets.empty())
    return html + "<p class=\"empty\">None recorded in this period.</p></section>";
  html += "<table><thead><tr><th scope=\"col\">Selector</th>";
  if (with_type) html += "<th scope=\"col\">Input</th>";
  html += "<th scope=\"col\" class=\"num\">Count</th></tr></thead><tbody>";
  for (const auto& t : targets) {
    html += "<tr><td><code>" + escape_html(visible(t.target)) + "</code></td>";
    if (with_type) html += "<td>" + escape_html(visible(t.interaction_type)) + "</td>";
    html += "<td class=\"num\">" + format_count(t.count) + "</td></tr>";
  }
  return html + "</tbody></table></section>";
}

}  // namespace

std::string to_html(const report& r) {
  std::string html =
      "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
      "'unsafe-inline'\"><meta name=\"referrer\" content=\"no-referrer\"><title>Web Vitals " +
      format_day(first_day(r.options)) + " to " + format_day(r.options.today) + "</title><style>" +
      std::string(report_base_style) + std::string(report_style) + "</style></head><body><main>" +
      header(r) + score_panel(r) + "<div class=\"cards\">";
  for (const auto& m : r.metrics) html += card(m, r.options);
  html += "</div><div class=\"lists\">";
  html += targets_table("Most frequent LCP elements",
                        "The element that was the largest paint: making it appear sooner helps "
                        "LCP most.",
                        r.top_lcp_elements, false);
  html += targets_table("Most frequent INP targets",
                        "The element visitors interacted with when the page was slowest to answer.",
                        r.top_inp_targets, true);
  return html +
         "</div><footer><p>Percentiles are estimated from fixed histograms, within about 2 %. "
         "Thresholds are Google&#39;s; shares count each measurement by its own rating.</p>"
         "</footer></main></body></html>";
}

}  // namespace landing::vitals
