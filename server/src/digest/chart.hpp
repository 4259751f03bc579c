#pragma once

#include <string>
#include <string_view>

#include "digest/figures.hpp"

// The digest's picture: the funnel and the leads per source, drawn as SVG here and turned into a
// PNG by librsvg (Debian's), so the chat shows it without anything installed on a phone.
namespace landing::digest {

inline constexpr int chart_width = 1200;
inline constexpr int chart_height = 675;

std::string chart_svg(const figures& f);

// The SVG drawn at its own size onto a white PNG; throws std::runtime_error with librsvg's or
// cairo's reason when it cannot.
std::string render_png(std::string_view svg);

}  // namespace landing::digest
