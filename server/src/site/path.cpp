#include "site/path.hpp"

namespace landing::site {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::optional<std::string> decode_path(std::string_view raw) {
  if (raw.empty() || raw.front() != '/') return std::nullopt;
  std::string decoded;
  decoded.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c == '%') {
      if (i + 2 >= raw.size()) return std::nullopt;
      const int high = hex_value(raw[i + 1]);
      const int low = hex_value(raw[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      c = static_cast<char>(high * 16 + low);
      if (c == '/' || c == '\\') return std::nullopt;
      i += 2;
    }
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F || c == '\\') return std::nullopt;
    decoded += c;
  }
  std::string_view rest(decoded);
  while (!rest.empty()) {
    rest.remove_prefix(1);
    const auto segment = rest.substr(0, rest.find('/'));
    if (segment == "." || segment == "..") return std::nullopt;
    rest.remove_prefix(segment.size());
  }
  return decoded;
}

}  // namespace landing::site
