#include "attribution/report_html.hpp"

#include <algorithm>
#include <cstdio>

#include "common/clock.hpp"
#include "common/html_escape.hpp"
#include "common/report_style.hpp"
#include "common/visible.hpp"

namespace landing::attribution {
namespace {

// The chart's own rules, after the shared ones.
constexpr std::string_view chart_style = R"css(
.sources{margin-top:1.5rem}
.sources td{vertical-align:middle}
.bars{display:grid;gap:.25rem;min-width:10rem}
.bar{display:block;height:.625rem;border-radius:999px;background:var(--track);overflow:clip}
.bar span{display:block;height:100%;border-radius:999px}
.visits span{background:var(--muted)}
.leads span{background:var(--pass)}
.key{display:flex;gap:1rem;list-style:none;padding:0;margin:.75rem 0 0;font-size:.8125rem;
color:var(--muted)}
.key i{display:inline-block;width:.625rem;height:.625rem;border-radius:50%;margin-right:.375rem}
.key .v{background:var(--muted)}
.key .l{background:var(--pass)}
tfoot td{font-weight:600;border-top:2px solid var(--line)}
)css";

std::string figure(std::optional<double> value, const char* format, const char* unit) {
  if (!value) return "–";
  char text[32];
  std::snprintf(text, sizeof text, format, *value);
  return std::string(text) + unit;
}

std::string percent_of(std::uint64_t value, std::uint64_t max) {
  if (max == 0) return "0";
  char text[16];
  std::snprintf(text, sizeof text, "%.1f",
                100.0 * static_cast<double>(value) / static_cast<double>(max));
  return text;
}

std::string cells(const source_row& row) {
  return "<td class=\"num\">" + std::to_string(row.visits) + "</td><td class=\"num\">" +
         std::to_string(row.leads) + "</td><td class=\"num\">" +
         figure(conversion(row), "%.1f", " %") + "</td><td class=\"num\">" +
         figure(share(row.taken, row), "%.0f", " %") + "</td><td class=\"num\">" +
         figure(share(row.spam, row), "%.0f", " %") + "</td><td class=\"num\">" +
         figure(share(row.done, row), "%.0f", " %") + "</td><td class=\"num\">" +
         figure(row.median_minutes_to_take, "%.1f", " min") + "</td>";
}

}  // namespace

std::string to_html(const report& r) {
  const auto period =
      clock::format_day(first_day(r.options)) + " to " + clock::format_day(r.options.today);
  std::uint64_t max_visits = 0;
  std::uint64_t max_leads = 0;
  for (const auto& row : r.sources) {
    max_visits = std::max(max_visits, row.visits);
    max_leads = std::max(max_leads, row.leads);
  }
  std::string html =
      "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
      "'unsafe-inline'\"><meta name=\"referrer\" content=\"no-referrer\"><title>Leads by source " +
      period + "</title><style>" + std::string(report_base_style) + std::string(chart_style) +
      std::string(funnel_style) +
      "</style></head><body><main><header><h1>Leads by source</h1><p class=\"lead\">" + period +
      ": visitors&#39; first page view per tab session, and the leads they sent</p>"
      "<ul class=\"filters\"><li>Locale: <b>" +
      (r.options.locale.empty() ? std::string("any") : escape_html(visible(r.options.locale))) +
      "</b></li></ul></header><section class=\"panel sources\"><h2>Per source</h2>"
      "<ul class=\"key\"><li><i class=\"v\"></i>visits</li><li><i class=\"l\"></i>leads</li></ul>";
  if (r.sources.empty()) {
    html += "<p class=\"empty\">No visits or leads in this period.</p>";
  } else {
    html +=
        "<table><thead><tr><th scope=\"col\">Source</th><th scope=\"col\">Visits and "
        "leads</th><th scope=\"col\" class=\"num\">Visits</th><th scope=\"col\" "
        "class=\"num\">Leads</th><th scope=\"col\" class=\"num\">Conversion</th><th scope=\"col\" "
        "class=\"num\">Taken</th><th scope=\"col\" class=\"num\">Spam</th><th scope=\"col\" "
        "class=\"num\">Done</th><th scope=\"col\" class=\"num\">Median time to "
        "take</th></tr></thead><tbody>";
    for (const auto& row : r.sources) {
      html += "<tr><th scope=\"row\"><code>" + escape_html(visible(row.source)) +
              "</code></th><td><div class=\"bars\" role=\"img\" aria-label=\"" +
              std::to_string(row.visits) + " visits, " + std::to_string(row.leads) +
              " leads\"><span class=\"bar visits\"><span style=\"width:" +
              percent_of(row.visits, max_visits) +
              "%\"></span></span><span class=\"bar leads\"><span style=\"width:" +
              percent_of(row.leads, max_leads) + "%\"></span></span></div></td>" + cells(row) +
              "</tr>";
    }
    html += "</tbody><tfoot><tr><th scope=\"row\">Total</th><td></td>" + cells(r.total) +
            "</tr></tfoot></table>";
  }
  if (!r.landings.empty()) {
    html +=
        "</section><section class=\"panel sources\"><h2>Per page the visit began on</h2><table>"
        "<thead><tr><th scope=\"col\">Page</th><th scope=\"col\" "
        "class=\"num\">Leads</th></tr></thead><tbody>";
    for (const auto& row : r.landings) {
      html += "<tr><th scope=\"row\"><code>" + escape_html(visible(row.landing)) +
              "</code></th><td class=\"num\">" + std::to_string(row.leads) + "</td></tr>";
    }
    html += "</tbody></table>";
  }
  html += "</section>" + funnel_html(r.funnel);
  return html +
         "<footer><p>A visit is a tab session&#39;s first page view whose Web Vitals "
         "were sent (none under Do Not Track or Global Privacy Control). Conversion is leads "
         "per 100 visits. <code>unknown</code> leads came without a source: no visit of theirs "
         "was counted. Taken, spam and done are shares of each source&#39;s leads on the lead "
         "desk.</p><p>The funnel counts tab sessions, each step once: arrived, saw the cases, read "
         "a "
         "docs page, started the form (none of these under Do Not Track or Global Privacy "
         "Control; without JavaScript only the arrival). Sent, taken and done are the leads "
         "themselves, spam left out.</p></footer></main></body></html>";
}

}  // namespace landing::attribution
