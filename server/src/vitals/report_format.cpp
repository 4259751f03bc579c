#include "vitals/report_format.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdio>

namespace landing::vitals {

std::string format_value(metric m, double value) {
  if (m == metric::cls) {
    std::array<char, 32> text{};
    std::snprintf(text.data(), text.size(), "%.3f", value);
    return text.data();
  }
  // Sub-millisecond differences are noise next to the histogram's ±2 %.
  return format_count(static_cast<std::uint64_t>(std::llround(std::max(value, 0.0)))) + " ms";
}

std::string format_share(double fraction) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.1f%%", 100 * fraction);
  return text.data();
}

std::string format_count(std::uint64_t count) {
  auto digits = std::to_string(count);
  for (auto at = static_cast<std::ptrdiff_t>(digits.size()) - 3; at > 0; at -= 3) {
    digits.insert(static_cast<std::size_t>(at), 1, ',');
  }
  return digits;
}

std::string_view full_name(metric m) {
  switch (m) {
    case metric::lcp:
      return "Largest Contentful Paint";
    case metric::inp:
      return "Interaction to Next Paint";
    case metric::cls:
      return "Cumulative Layout Shift";
    case metric::fcp:
      return "First Contentful Paint";
    case metric::ttfb:
      return "Time to First Byte";
  }
  return "";
}

std::string_view what_it_measures(metric m) {
  switch (m) {
    case metric::lcp:
      return "How soon the page's main content appears.";
    case metric::inp:
      return "How quickly the page answers a tap, click or key.";
    case metric::cls:
      return "How much the layout jumps while visitors read.";
    case metric::fcp:
      return "How soon anything at all appears.";
    case metric::ttfb:
      return "How soon the server starts answering.";
  }
  return "";
}

}  // namespace landing::vitals
