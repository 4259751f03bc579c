#include "common/quote.hpp"

namespace landing {

std::string quote(std::string_view message) {
  std::string out;
  out.reserve(message.size() + 64);
  for (;;) {
    const auto end = message.find('\n');
    const auto line = message.substr(0, end);
    out += line.empty() ? quote_mark.substr(0, quote_mark.size() - 1) : quote_mark;
    out += line;
    if (end == std::string_view::npos) break;
    out += '\n';
    message.remove_prefix(end + 1);
  }
  return out;
}

}  // namespace landing
