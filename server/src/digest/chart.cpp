#include "digest/chart.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <memory>
#include <stdexcept>

#include "common/concat.hpp"
#include "common/html_escape.hpp"
#include "common/utf8.hpp"
#include "common/visible.hpp"
#include "digest/message.hpp"
#include "digest/rsvg_runtime.hpp"

namespace landing::digest {
namespace {

constexpr std::array<const char*, 7> step_labels{"Пришли",    "Кейсы", "Документация", "Форма",
                                                 "Отправили", "Взяли", "Закрыли"};
constexpr const char* ink = "#1d2433";
constexpr const char* muted = "#6b7280";
constexpr const char* page_bar = "#9aa5b8";
constexpr const char* lead_bar = "#2f855a";
constexpr const char* before_bar = "#c8ced8";

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

std::string text_at(double x, double y, const std::string& words, int size,
                    const char* colour = ink, const char* anchor = "start",
                    const char* weight = "400") {
  return concat("<text x=\"", number(x), "\" y=\"", number(y), "\" font-size=\"",
                std::to_string(size), "\" fill=\"", colour, "\" text-anchor=\"", anchor,
                "\" font-weight=\"", weight, "\">", escape_html(words), "</text>");
}

std::string bar(double x, double y, double width, double height, const char* colour) {
  return concat("<rect x=\"", number(x), "\" y=\"", number(y), "\" width=\"",
                number(std::max(width, 0.0)), "\" height=\"", number(height), "\" rx=\"4\" fill=\"",
                colour, "\"/>");
}

// A source tag as a label: shown as it is read (visible), cut to fit its column.
std::string label_of(const std::string& source) {
  // visible() leaves valid UTF-8 (escaping what is not), so the cut lands between code points.
  auto shown = utf8::printable(visible(source));
  if (shown.size() <= 24) return shown;
  return std::string(utf8::cut(shown, 22)) + "…";
}

std::string funnel_panel(const attribution::funnel_row& total) {
  constexpr double left = 40;
  constexpr double label_width = 180;
  constexpr double top = 130;
  constexpr double row = 62;
  constexpr double width = 520 - label_width;
  std::uint64_t widest = 1;
  for (const auto count : total.steps) widest = std::max(widest, count);
  std::string out = text_at(left, 100, "Воронка", 26, ink, "start", "700");
  for (std::size_t i = 0; i < step_labels.size(); ++i) {
    const double y = top + static_cast<double>(i) * row;
    const double length = width * static_cast<double>(total.steps[i]) / static_cast<double>(widest);
    out += text_at(left, y + 24, step_labels[i], 20);
    out += bar(left + label_width, y, width, 34, "#eef1f5");
    out += bar(left + label_width, y, length, 34, i < attribution::sent_step ? page_bar : lead_bar);
    out += text_at(left + label_width + width - 8, y + 24, std::to_string(total.steps[i]), 20, ink,
                   "end", "600");
  }
  return out;
}

std::string sources_panel(const std::vector<source_leads>& sources) {
  constexpr double left = 640;
  constexpr double label_width = 200;
  constexpr double top = 130;
  constexpr double row = 62;
  constexpr double width = 520 - label_width - 40;  // room for the count after the bar
  std::string out = text_at(left, 100, "Заявки по источникам", 26, ink, "start", "700");
  if (sources.empty()) return out + text_at(left, top + 24, "Заявок не было", 20, muted);
  std::uint64_t widest = 1;
  const auto shown = std::min<std::size_t>(sources.size(), 7);
  for (std::size_t i = 0; i < shown; ++i) {
    widest = std::max({widest, sources[i].leads, sources[i].leads_before});
  }
  for (std::size_t i = 0; i < shown; ++i) {
    const auto& row_data = sources[i];
    const double y = top + static_cast<double>(i) * row;
    const auto scale = [&](std::uint64_t count) {
      return width * static_cast<double>(count) / static_cast<double>(widest);
    };
    out += text_at(left, y + 24, label_of(row_data.source), 20);
    out += bar(left + label_width, y, scale(row_data.leads_before), 14, before_bar);
    out += bar(left + label_width, y + 18, scale(row_data.leads), 20, lead_bar);
    out += text_at(left + label_width + width + 8, y + 34, std::to_string(row_data.leads), 20, ink,
                   "start", "600");
  }
  out += bar(left, chart_height - 52, 16, 12, before_bar) +
         text_at(left + 24, chart_height - 41, "период до", 16, muted) +
         bar(left + 140, chart_height - 52, 16, 12, lead_bar) +
         text_at(left + 164, chart_height - 41, "этот период", 16, muted);
  return out;
}

struct closer {
  void operator()(cairo_surface_t* s) const { rsvg().surface_destroy(s); }
  void operator()(cairo_t* c) const { rsvg().destroy(c); }
  void operator()(RsvgHandle* h) const { rsvg().object_unref(h); }
};

cairo_status_t append_to(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::string chart_svg(const figures& f) {
  const bool weekly = f.covered.every == cadence::weekly;
  const auto width = std::to_string(chart_width);
  const auto height = std::to_string(chart_height);
  auto svg = concat("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"", width, "\" height=\"",
                    height, "\" viewBox=\"0 0 ", width, " ", height,
                    "\" font-family=\"DejaVu Sans, sans-serif\"><rect width=\"100%\" "
                    "height=\"100%\" fill=\"#ffffff\"/>");
  svg += text_at(40, 52, concat("Сводка за ", weekly ? "неделю " : "", period_words(f.covered)), 30,
                 ink, "start", "700");
  svg += funnel_panel(f.funnel.total);
  svg += sources_panel(f.sources);
  return svg + "</svg>";
}

std::string render_png(std::string_view svg) {
  const auto& r = rsvg();
  GError* error = nullptr;
  const std::unique_ptr<RsvgHandle, closer> handle(
      r.handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &error));
  if (!handle) {
    std::string reason = error ? error->message : "unknown";
    if (error) r.error_free(error);
    throw std::runtime_error(concat("the chart's SVG: ", reason));
  }
  const std::unique_ptr<cairo_surface_t, closer> surface(
      r.image_surface_create(CAIRO_FORMAT_ARGB32, chart_width, chart_height));
  const std::unique_ptr<cairo_t, closer> cr(r.create(surface.get()));
  const RsvgRectangle viewport{0, 0, chart_width, chart_height};
  if (!r.handle_render_document(handle.get(), cr.get(), &viewport, &error)) {
    std::string reason = error ? error->message : "unknown";
    if (error) r.error_free(error);
    throw std::runtime_error(concat("drawing the chart: ", reason));
  }
  std::string png;
  if (const auto status = r.surface_write_to_png_stream(surface.get(), append_to, &png);
      status != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error(std::string("the chart's PNG: ") + r.status_to_string(status));
  }
  return png;
}

}  // namespace landing::digest
