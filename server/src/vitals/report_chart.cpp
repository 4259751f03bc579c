#include "vitals/report_chart.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <vector>

#include "common/html_escape.hpp"
#include "vitals/report_format.hpp"

namespace landing::vitals {
namespace {

// The viewBox and the plot inside it; the margins hold the axis labels. Text of 11 units in
// 320 stays readable when the chart shrinks to a phone's card.
constexpr double view_width = 320;
constexpr double view_height = 172;
constexpr double plot_left = 58;
constexpr double plot_right = 302;  // room for half of the newest day's date
constexpr double plot_top = 10;
constexpr double plot_bottom = 146;
constexpr double min_label_gap = 12;  // vertical distance that keeps two y labels apart
constexpr int max_x_labels = 4;       // "Sep 28" takes about 33 of the 244 units

// Lighthouse's pass, average and fail colours.
constexpr std::string_view good_colour = "#0c6";
constexpr std::string_view average_colour = "#fa3";
constexpr std::string_view poor_colour = "#f33";

std::string_view colour_of(rating r) {
  return r == rating::good ? good_colour : r == rating::poor ? poor_colour : average_colour;
}

std::string_view rating_words(rating r) {
  return r == rating::good ? "good" : r == rating::poor ? "poor" : "needs improvement";
}

std::string coordinate(double v) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.1f", v);
  return text.data();
}

// The smallest round number (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten) at or above v.
double round_up(double v) {
  const double magnitude = std::pow(10.0, std::floor(std::log10(v)));
  for (double step : {1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0}) {
    if (step * magnitude >= v * (1 - 1e-9)) return step * magnitude;
  }
  return 10 * magnitude;
}

std::string short_date(std::int64_t day) {
  static constexpr std::array<std::string_view, 12> months{
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const std::chrono::year_month_day date{std::chrono::sys_days{std::chrono::days{day}}};
  const auto month = static_cast<unsigned>(date.month());
  return std::string(months[(month + 11) % 12]) + " " +
         std::to_string(static_cast<unsigned>(date.day()));
}

std::string label_value(metric m, double v) { return v == 0 ? "0" : format_value(m, v); }

struct frame {
  std::int64_t first;
  std::int64_t days;
  double top;  // the value at the top of the plot

  [[nodiscard]] double x(std::int64_t day) const {
    const double slot = (plot_right - plot_left) / static_cast<double>(days);
    return plot_left + (static_cast<double>(day - first) + 0.5) * slot;
  }
  [[nodiscard]] double y(double value) const {
    return plot_bottom - std::clamp(value / top, 0.0, 1.0) * (plot_bottom - plot_top);
  }
};

void bands(const frame& f, const metric_definition& d, std::string& svg) {
  const auto rect = [&](double from, double to, std::string_view colour, std::string_view opacity) {
    svg += "<rect x=\"" + coordinate(plot_left) + "\" y=\"" + coordinate(f.y(to)) + "\" width=\"" +
           coordinate(plot_right - plot_left) + "\" height=\"" + coordinate(f.y(from) - f.y(to)) +
           "\" fill=\"" + std::string(colour) + "\" fill-opacity=\"" + std::string(opacity) +
           "\"/>";
  };
  rect(0, d.good, good_colour, ".16");
  rect(d.poor, f.top, poor_colour, ".13");
  for (auto [value, colour] : {std::pair{d.good, good_colour}, std::pair{d.poor, poor_colour}}) {
    svg += "<line x1=\"" + coordinate(plot_left) + "\" x2=\"" + coordinate(plot_right) +
           "\" y1=\"" + coordinate(f.y(value)) + "\" y2=\"" + coordinate(f.y(value)) +
           "\" stroke=\"" + std::string(colour) + "\" stroke-dasharray=\"4 3\"/>";
  }
  svg += "<line x1=\"" + coordinate(plot_left) + "\" x2=\"" + coordinate(plot_right) + "\" y1=\"" +
         coordinate(plot_bottom) + "\" y2=\"" + coordinate(plot_bottom) +
         "\" stroke=\"currentColor\" stroke-opacity=\".4\"/>";
}

void y_labels(const frame& f, metric m, std::string& svg) {
  const auto& d = definition(m);
  // The thresholds matter most; 0 and the top are placed where they do not crowd them.
  std::vector<double> placed;
  for (double value : {d.good, d.poor, 0.0, f.top}) {
    const double y = f.y(value);
    if (std::any_of(placed.begin(), placed.end(),
                    [&](double other) { return std::abs(other - y) < min_label_gap; })) {
      continue;
    }
    placed.push_back(y);
    svg += "<text x=\"" + coordinate(plot_left - 6) + "\" y=\"" + coordinate(y + 4) +
           "\" text-anchor=\"end\">" + escape_html(label_value(m, value)) + "</text>";
  }
}

void x_labels(const frame& f, std::string& svg) {
  // Counted back from the last day, so the newest day always has its date.
  const auto step = (f.days + max_x_labels - 1) / max_x_labels;
  for (std::int64_t i = f.days - 1; i >= 0; i -= step) {
    svg += "<text x=\"" + coordinate(f.x(f.first + i)) + "\" y=\"" + coordinate(view_height - 8) +
           "\" text-anchor=\"middle\">" + short_date(f.first + i) + "</text>";
  }
}

void trend(const frame& f, metric m, const std::vector<std::pair<std::int64_t, double>>& days,
           std::string& svg) {
  // Days next to each other are joined; a gap (a day without data) breaks the line.
  std::string path;
  std::int64_t previous = 0;
  for (const auto& [day, value] : days) {
    path += (path.empty() || day != previous + 1) ? "M" : "L";
    path += coordinate(f.x(day)) + " " + coordinate(f.y(value));
    previous = day;
  }
  if (!path.empty()) {
    svg += "<path d=\"" + path +
           "\" fill=\"none\" stroke=\"currentColor\" stroke-opacity=\".6\" stroke-width=\"1.5\" "
           "stroke-linejoin=\"round\"/>";
  }
  const double slot = (plot_right - plot_left) / static_cast<double>(f.days);
  const double radius = std::clamp(slot * 0.35, 1.2, 3.5);
  for (const auto& [day, value] : days) {
    const auto rated = rate(m, value);
    const bool off_scale = value > f.top;
    svg += "<circle cx=\"" + coordinate(f.x(day)) + "\" cy=\"" + coordinate(f.y(value)) +
           "\" r=\"" + coordinate(radius) + "\" fill=\"" + std::string(colour_of(rated)) + "\"" +
           (off_scale ? " fill-opacity=\"0\" stroke-width=\"1.5\"" : " stroke-width=\".8\"") +
           " stroke=\"" + (off_scale ? std::string(colour_of(rated)) : "currentColor") +
           "\"><title>" + format_day(day) + ": " + format_value(m, value) + " (" +
           std::string(rating_words(rated)) + ")</title></circle>";
  }
}

std::string description(const metric_report& m, const frame& f,
                        const std::vector<std::pair<std::int64_t, double>>& days) {
  const auto& d = definition(m.name);
  std::string text = std::string(d.name) + " at the 75th percentile by day, " +
                     format_day(f.first) + " to " + format_day(f.first + f.days - 1) + ": ";
  if (days.empty()) {
    text += "no day with data";
  } else {
    const auto [low, high] = std::minmax_element(
        days.begin(), days.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    text += std::to_string(days.size()) + " of " + std::to_string(f.days) +
            " days with data, from " + format_value(m.name, low->second) + " to " +
            format_value(m.name, high->second);
  }
  return text + "; good up to " + format_value(m.name, d.good) + ", poor above " +
         format_value(m.name, d.poor) + ".";
}

}  // namespace

std::string daily_chart(const metric_report& m, std::int64_t first, std::int64_t last) {
  const auto& d = definition(m.name);
  std::vector<std::pair<std::int64_t, double>> days;
  double highest = 0;
  for (const auto& entry : m.daily_p75) {
    if (entry.first < first || entry.first > last) continue;
    days.push_back(entry);
    highest = std::max(highest, entry.second);
  }
  // Past three times the poor threshold the detail no longer matters: such a day is simply poor.
  const double top = round_up(std::max(d.poor * 1.25, std::min(highest * 1.1, d.poor * 3)));
  const frame f{first, std::max<std::int64_t>(last - first + 1, 1), top};

  // Named by its <title> through aria-labelledby, which also keeps the title from being read a
  // second time as the description.
  const auto title = "chart-" + std::string(d.name) + "-title";
  std::string svg = "<svg class=\"chart\" viewBox=\"0 0 " + coordinate(view_width) + " " +
                    coordinate(view_height) + "\" role=\"img\" aria-labelledby=\"" + title +
                    "\" font-size=\"11\" fill=\"currentColor\"><title id=\"" + title + "\">" +
                    escape_html(description(m, f, days)) + "</title>";
  bands(f, d, svg);
  y_labels(f, m.name, svg);
  x_labels(f, svg);
  trend(f, m.name, days, svg);
  return svg + "</svg>";
}

}  // namespace landing::vitals
