#include "common/visible.hpp"

#include "common/characters.hpp"
#include "common/utf8.hpp"

namespace landing {

std::string visible(std::string_view text, std::u32string_view keep) {
  std::string out;
  out.reserve(text.size());
  for (const char32_t code : utf8::decode(utf8::printable(text)).value_or(std::u32string{})) {
    if (!characters::is_refused_in_line(code) || keep.find(code) != std::u32string_view::npos) {
      out += utf8::encode(code);
      continue;
    }
    // \uXXXX, or \u{XXXXX} past the first plane (a noncharacter such as U+1FFFF).
    constexpr char digits[] = "0123456789abcdef";
    const bool wide = code > 0xFFFF;
    out += wide ? "\\u{" : "\\u";
    for (int shift = wide ? 20 : 12; shift >= 0; shift -= 4) {
      if (wide && shift == 20 && ((code >> 20) & 0xF) == 0) continue;
      out += digits[(code >> shift) & 0xF];
    }
    if (wide) out += '}';
  }
  return out;
}

}  // namespace landing
