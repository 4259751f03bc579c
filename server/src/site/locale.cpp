#include "site/locale.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "site/header_list.hpp"

namespace landing::site {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
  return out;
}

}  // namespace

std::string_view cookie_value(std::string_view cookie_header, std::string_view name) {
  while (!cookie_header.empty()) {
    const auto semi = cookie_header.find(';');
    const auto pair = trim_ows(cookie_header.substr(0, semi));
    const auto eq = pair.find('=');
    if (eq != std::string_view::npos && trim_ows(pair.substr(0, eq)) == name) {
      auto value = trim_ows(pair.substr(eq + 1));
      if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
        value = value.substr(1, value.size() - 2);
      }
      return value;
    }
    if (semi == std::string_view::npos) break;
    cookie_header.remove_prefix(semi + 1);
  }
  return {};
}

std::string_view negotiate_locale(std::string_view cookie_header,
                                  std::string_view accept_language) {
  if (const auto saved = cookie_value(cookie_header, "user-locale"); is_supported_locale(saved)) {
    return saved == "en" ? "en" : "ru";
  }
  struct choice {
    std::string tag;
    double quality;
  };
  std::vector<choice> choices;
  while (!accept_language.empty()) {
    const auto comma = accept_language.find(',');
    const auto item = trim_ows(accept_language.substr(0, comma));
    const auto semi = item.find(';');
    const auto tag = trim_ows(item.substr(0, semi));
    const double quality = semi == std::string_view::npos ? 1.0 : quality_of(item.substr(semi));
    if (!tag.empty() && quality > 0) choices.push_back({lower(tag), quality});
    if (comma == std::string_view::npos) break;
    accept_language.remove_prefix(comma + 1);
  }
  // Stable: among equal qualities the client's order decides.
  std::stable_sort(choices.begin(), choices.end(),
                   [](const choice& a, const choice& b) { return a.quality > b.quality; });
  for (const auto& [tag, quality] : choices) {
    const auto primary = std::string_view(tag).substr(0, tag.find('-'));
    if (primary == "en") return "en";
    if (primary == "ru") return "ru";
  }
  return default_locale;
}

}  // namespace landing::site
