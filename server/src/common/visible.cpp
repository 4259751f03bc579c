#include "common/visible.hpp"

#include "common/characters.hpp"
#include "common/utf8.hpp"

namespace landing {

std::string visible(std::string_view text, std::u32string_view keep) {
  std::string out;
  out.reserve(text.size());
  for (const char32_t code : utf8::decode(utf8::printable(text)).value_or(std::u32string{})) {
    const bool hidden = characters::is_control(code) || characters::is_bidi_control(code) ||
                        characters::is_line_break(code);
    if (!hidden || keep.find(code) != std::u32string_view::npos) {
      out += utf8::encode(code);
      continue;
    }
    constexpr char digits[] = "0123456789abcdef";
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += digits[(code >> shift) & 0xF];
  }
  return out;
}

}  // namespace landing
