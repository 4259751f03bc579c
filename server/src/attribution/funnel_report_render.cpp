// The funnel as the report shows it: text for a terminal, JSON for tools, a chart for people.
#include <boost/json/serialize.hpp>
#include <cmath>
#include <cstdio>

#include "attribution/funnel_report.hpp"
#include "common/html_escape.hpp"
#include "common/visible.hpp"

namespace landing::attribution {
namespace {

// "-20%" when a fifth of the step before went no further; "" where there is no step before.
std::string drop_text(const funnel_row& row, std::size_t step) {
  const auto drop = drop_off(row, step);
  if (!drop) return step == 0 ? "" : "-";
  // Whole percents; a change that rounds to nothing is "0%", not "-0%".
  const auto change = -std::round(*drop);
  if (change == 0) return "0%";
  char text[16];
  std::snprintf(text, sizeof text, "%+.0f%%", change);
  return text;
}

bool empty(const funnel& f) { return f.sources.empty(); }

boost::json::object json_row(const funnel_row& row) {
  boost::json::object steps;
  boost::json::object drops;
  for (std::size_t i = 0; i < funnel_steps.size(); ++i) {
    steps[funnel_steps[i]] = row.steps[i];
    if (i == 0) continue;
    const auto drop = drop_off(row, i);
    // One decimal, as the text shows whole percents.
    drops[funnel_steps[i]] =
        drop ? boost::json::value(std::round(*drop * 10) / 10) : boost::json::value(nullptr);
  }
  return {{"source", row.source}, {"steps", std::move(steps)}, {"drop_percent", std::move(drops)}};
}

}  // namespace

const std::string_view funnel_style = R"css(
.funnel{margin-top:1.5rem}
.funnel td{vertical-align:middle}
.funnel .step{width:100%}
.funnel .bar{display:block;height:1rem;border-radius:.25rem;background:var(--track);overflow:clip}
.funnel .bar span{display:block;height:100%;background:var(--pass)}
.funnel .page span{background:var(--muted)}
)css";

std::string funnel_text(const funnel& f) {
  if (empty(f)) return {};
  std::string out =
      "\nFunnel by source: tab sessions that reached each step (sent, taken and done are the "
      "leads), each with its change from the step before\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-32s", "source");
  out += line;
  for (const auto step : funnel_steps) {
    std::snprintf(line, sizeof line, " %13.*s", static_cast<int>(step.size()), step.data());
    out += line;
  }
  out += "\n";
  const auto row_line = [&](const funnel_row& row) {
    std::snprintf(line, sizeof line, "%-32s", visible(row.source).c_str());
    out += line;
    for (std::size_t i = 0; i < funnel_steps.size(); ++i) {
      auto cell = std::to_string(row.steps[i]);
      if (i > 0) cell.append(" ").append(drop_text(row, i));
      std::snprintf(line, sizeof line, " %13s", cell.c_str());
      out += line;
    }
    out += "\n";
  };
  for (const auto& row : f.sources) row_line(row);
  row_line(f.total);
  return out;
}

std::string funnel_json(const funnel& f) {
  boost::json::array sources;
  for (const auto& row : f.sources) sources.push_back(json_row(row));
  boost::json::array steps;
  for (const auto step : funnel_steps) steps.emplace_back(step);
  return boost::json::serialize(boost::json::object{
      {"steps", std::move(steps)}, {"sources", std::move(sources)}, {"total", json_row(f.total)}});
}

std::string funnel_html(const funnel& f) {
  std::string html = "<section class=\"panel funnel\"><h2>Funnel</h2>";
  if (empty(f)) return html + "<p class=\"empty\">No visit reached a step in this period.</p>";
  // The chart: every step of all sources together, its bar as long as its share of arrivals
  // (or of the largest step, should a later one outnumber them).
  std::uint64_t widest = 0;
  for (const auto count : f.total.steps) widest = std::max(widest, count);
  html +=
      "<table><caption>All sources: tab sessions per step, and the share of the step before "
      "that went no further</caption><thead><tr><th scope=\"col\">Step</th><th "
      "scope=\"col\">Reached</th><th scope=\"col\" class=\"num\">Count</th><th scope=\"col\" "
      "class=\"num\">Drop-off</th></tr></thead><tbody>";
  for (std::size_t i = 0; i < funnel_steps.size(); ++i) {
    const auto count = f.total.steps[i];
    char width[16];
    std::snprintf(
        width, sizeof width, "%.1f",
        widest == 0 ? 0.0 : 100.0 * static_cast<double>(count) / static_cast<double>(widest));
    html += "<tr><th scope=\"row\">" + std::string(funnel_steps[i]) +
            "</th><td class=\"step\"><span class=\"bar" + (i < sent_step ? " page" : "") +
            "\" role=\"img\" aria-label=\"" + std::to_string(count) +
            "\"><span style=\"width:" + width + "%\"></span></span></td><td class=\"num\">" +
            std::to_string(count) + "</td><td class=\"num\">" + drop_text(f.total, i) +
            "</td></tr>";
  }
  html +=
      "</tbody></table><table><caption>Per source</caption><thead><tr><th "
      "scope=\"col\">Source</th>";
  for (const auto step : funnel_steps) {
    html += "<th scope=\"col\" class=\"num\">" + std::string(step) + "</th>";
  }
  html += "</tr></thead><tbody>";
  const auto row_html = [&](const funnel_row& row, bool total) {
    html += "<tr><th scope=\"row\">";
    if (total) {
      html += "Total";
    } else {
      html.append("<code>").append(escape_html(visible(row.source))).append("</code>");
    }
    html += "</th>";
    for (std::size_t i = 0; i < funnel_steps.size(); ++i) {
      html.append("<td class=\"num\">").append(std::to_string(row.steps[i]));
      if (i > 0) html.append(" <small>").append(drop_text(row, i)).append("</small>");
      html += "</td>";
    }
    html += "</tr>";
  };
  for (const auto& row : f.sources) row_html(row, false);
  html += "</tbody><tfoot>";
  row_html(f.total, true);
  return html + "</tfoot></table></section>";
}

}  // namespace landing::attribution
