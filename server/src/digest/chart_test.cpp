#include "digest/chart.hpp"

#include <cairo.h>
#include <gtest/gtest.h>

#include <memory>

#include "digest/message.hpp"

namespace landing::digest {
namespace {

figures sample() {
  figures f;
  f.covered.every = cadence::weekly;
  f.covered.first_day = 20780;  // 2026-11-23
  f.covered.last_day = 20786;
  f.funnel.total.steps = {240, 180, 40, 30, 12, 10, 4};
  f.sources = {
      {"google", 5, 2}, {"direct", 4, 4}, {"<script>&\"партнёр-с-очень-длинным-именем", 3, 0}};
  return f;
}

// The share of pixels in the image that are not white.
double inked(const std::string& png) {
  struct reader {
    const std::string* data;
    std::size_t at = 0;
  } source{&png};
  const auto read = [](void* closure, unsigned char* into, unsigned int length) {
    auto* from = static_cast<reader*>(closure);
    if (from->at + length > from->data->size()) return CAIRO_STATUS_READ_ERROR;
    std::copy_n(from->data->data() + from->at, length, into);
    from->at += length;
    return CAIRO_STATUS_SUCCESS;
  };
  auto* surface = cairo_image_surface_create_from_png_stream(read, &source);
  EXPECT_EQ(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS);
  EXPECT_EQ(cairo_image_surface_get_width(surface), chart_width);
  EXPECT_EQ(cairo_image_surface_get_height(surface), chart_height);
  const auto* pixels = cairo_image_surface_get_data(surface);
  const auto stride = cairo_image_surface_get_stride(surface);
  std::size_t ink = 0;
  for (int y = 0; y < chart_height; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(pixels + y * stride);
    for (int x = 0; x < chart_width; ++x) ink += (row[x] & 0xffffffU) != 0xffffffU;
  }
  cairo_surface_destroy(surface);
  return static_cast<double>(ink) / (chart_width * chart_height);
}

TEST(digest_chart, draws_a_valid_png_with_the_funnel_and_the_sources_on_white) {
  const auto png = render_png(chart_svg(sample()));
  ASSERT_GT(png.size(), 8U);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  const auto share = inked(png);
  // Bars and words, on a white page: some ink, most of it white.
  EXPECT_GT(share, 0.03);
  EXPECT_LT(share, 0.6);
}

TEST(digest_chart, the_funnel_bars_grow_with_their_counts) {
  auto few = sample();
  few.funnel.total.steps = {240, 10, 0, 0, 0, 0, 0};
  few.sources.clear();
  const auto many = sample();
  EXPECT_LT(inked(render_png(chart_svg(few))), inked(render_png(chart_svg(many))));
}

TEST(digest_chart, a_source_tag_is_text_not_markup_and_is_cut_whole) {
  const auto svg = chart_svg(sample());
  EXPECT_EQ(svg.find("<script>"), std::string::npos);
  EXPECT_NE(svg.find("&lt;script&gt;&amp;&quot;"), std::string::npos);
  EXPECT_NE(svg.find("…"), std::string::npos);
  EXPECT_NE(svg.find("Сводка за неделю 23–29 ноября 2026"), std::string::npos);
}

TEST(digest_chart, what_librsvg_cannot_read_is_a_clear_error) {
  EXPECT_THROW(render_png("<svg"), std::runtime_error);
  EXPECT_THROW(render_png("not svg at all"), std::runtime_error);
}

}  // namespace
}  // namespace landing::digest
