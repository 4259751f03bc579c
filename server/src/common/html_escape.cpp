#include "common/html_escape.hpp"

#include "common/visible.hpp"

namespace landing {

std::string escape_html(std::string_view text) {
  const auto shown = visible(text, U"\t\n");
  std::string out;
  out.reserve(shown.size());
  for (const char c : shown) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace landing
