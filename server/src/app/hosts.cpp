#include "app/hosts.hpp"

#include <algorithm>

namespace landing::app {
namespace {

bool same_letters(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
           return lower(x) == lower(y);
         });
}

// "Example.COM.:443" -> name "Example.COM", port "443"; "[::1]:80" -> "[::1]", "80". Views into
// the text: this runs for every request, so it allocates nothing.
std::pair<std::string_view, std::string_view> split(std::string_view host) {
  std::string_view name = host;
  std::string_view port;
  const auto bracket = host.rfind(']');
  const auto colon = host.rfind(':');
  if (colon != std::string_view::npos && (bracket == std::string_view::npos || colon > bracket)) {
    name = host.substr(0, colon);
    port = host.substr(colon + 1);
  }
  if (name.ends_with('.')) name.remove_suffix(1);
  return {name, port};
}

}  // namespace

host_policy::host_policy(const std::vector<std::string>& entries, std::string origin)
    : entries_(entries), origin_(std::move(origin)) {
  any_ = std::find(entries_.begin(), entries_.end(), "*") != entries_.end();
  for (const auto& entry : entries_) {
    const auto [name, port] = split(entry);
    parsed_.emplace_back(name, port);
  }
}

bool host_policy::allows(std::string_view host) const {
  if (any_) return true;
  const auto asked = split(host);
  return std::any_of(parsed_.begin(), parsed_.end(), [&](const auto& allowed) {
    return (allowed.second.empty() || allowed.second == asked.second) &&
           same_letters(allowed.first, asked.first);
  });
}

std::string host_of_origin(std::string_view origin) {
  const auto scheme = origin.find("://");
  if (scheme != std::string_view::npos) origin.remove_prefix(scheme + 3);
  return std::string(origin.substr(0, origin.find('/')));
}

std::vector<std::string> default_hosts(std::string_view origin, std::string_view listen_host,
                                       unsigned short port) {
  std::vector<std::string> out;
  if (const auto host = host_of_origin(origin); !host.empty()) out.push_back(host);
  const auto with_port = [&](std::string_view name) {
    std::string entry(name);
    entry += ':';
    entry += std::to_string(port);
    return entry;
  };
  for (const std::string_view name : {"127.0.0.1", "localhost", "[::1]"}) {
    out.push_back(with_port(name));
  }
  if (!listen_host.empty() && listen_host != "0.0.0.0" && listen_host != "::") {
    // Appended piece by piece: GCC 12 misreports operator+ chains on strings (-Wrestrict,
    // GCC bug 105329).
    const bool v6 = listen_host.find(':') != std::string_view::npos;
    std::string name;
    if (v6) name += '[';
    name += listen_host;
    if (v6) name += ']';
    if (const auto entry = with_port(name); std::find(out.begin(), out.end(), entry) == out.end()) {
      out.push_back(entry);
    }
  }
  return out;
}

}  // namespace landing::app
