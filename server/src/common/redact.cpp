#include "common/redact.hpp"

namespace landing {

std::string redact(std::string text, std::string_view secret) {
  if (secret.empty()) return text;
  for (auto at = text.find(secret); at != std::string::npos; at = text.find(secret, at)) {
    text.replace(at, secret.size(), "<redacted>");
  }
  return text;
}

std::string redact_uris(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t from = 0;
  for (auto scheme = text.find("://"); scheme != std::string_view::npos;
       scheme = text.find("://", scheme + 3)) {
    const auto start = scheme + 3;
    // The authority ends at the first '/', '?', '#' or white space.
    auto end = text.find_first_of("/?# \t\r\n\"'", start);
    if (end == std::string_view::npos) end = text.size();
    const auto at = text.rfind('@', end == 0 ? 0 : end - 1);
    if (at == std::string_view::npos || at < start) continue;
    const auto colon = text.find(':', start);
    if (colon == std::string_view::npos || colon > at) continue;
    out.append(text.substr(from, colon + 1 - from));
    out += "***";
    from = at;
  }
  out.append(text.substr(from));
  return out;
}

}  // namespace landing
