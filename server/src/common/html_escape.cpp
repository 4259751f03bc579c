#include "common/html_escape.hpp"

#include "common/utf8.hpp"

namespace landing {

std::string escape_html(std::string_view text) {
  const auto valid = utf8::printable(text);
  std::string out;
  out.reserve(valid.size());
  for (std::size_t i = 0; i < valid.size(); ++i) {
    const char c = valid[i];
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
      case '&':
        out += "&amp;";
        continue;
      case '<':
        out += "&lt;";
        continue;
      case '>':
        out += "&gt;";
        continue;
      case '"':
        out += "&quot;";
        continue;
      case '\'':
        out += "&#39;";
        continue;
      default:
        break;
    }
    // C1 controls are U+0080–U+009F, encoded as C2 80 to C2 9F.
    const bool c1 =
        byte == 0xC2 && i + 1 < valid.size() && static_cast<unsigned char>(valid[i + 1]) <= 0x9F;
    if ((byte < 0x20 && c != '\t' && c != '\n') || byte == 0x7F || c1) {
      out += "\xEF\xBF\xBD";  // U+FFFD
      i += c1 ? 1 : 0;
      continue;
    }
    out += c;
  }
  return out;
}

}  // namespace landing
