#include "http/framing.hpp"

#include <array>
#include <cctype>

#include "http/request.hpp"

namespace landing::http {
namespace {

// reg-name's characters (RFC 3986 3.2.2: unreserved, sub-delims, and '%' of pct-encoded),
// looked up in a table: this runs for every request.
constexpr auto reg_name_chars = [] {
  std::array<bool, 256> table{};
  for (int c = '0'; c <= '9'; ++c) table[static_cast<std::size_t>(c)] = true;
  for (int c = 'a'; c <= 'z'; ++c) table[static_cast<std::size_t>(c)] = true;
  for (int c = 'A'; c <= 'Z'; ++c) table[static_cast<std::size_t>(c)] = true;
  for (const char c : std::string_view("-._~!$&'()*+,;=%")) {
    table[static_cast<unsigned char>(c)] = true;
  }
  return table;
}();

bool is_reg_name_char(char c) { return reg_name_chars[static_cast<unsigned char>(c)]; }

}  // namespace

bool valid_host(std::string_view host) {
  if (host.empty()) return false;
  std::string_view name = host;
  std::string_view port;
  if (host.front() == '[') {
    const auto close = host.find(']');
    if (close == std::string_view::npos || close == 1) return false;
    for (const char c : host.substr(1, close - 1)) {
      if (!std::isxdigit(static_cast<unsigned char>(c)) && c != ':' && c != '.') return false;
    }
    const auto rest = host.substr(close + 1);
    if (!rest.empty() && rest.front() != ':') return false;
    port = rest.empty() ? rest : rest.substr(1);
    name = {};
  } else if (const auto colon = host.rfind(':'); colon != std::string_view::npos) {
    name = host.substr(0, colon);
    port = host.substr(colon + 1);
    if (name.empty()) return false;
  }
  for (const char c : name) {
    if (!is_reg_name_char(c)) return false;
  }
  if (port.size() > 5) return false;
  for (const char c : port) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

framing_verdict check_framing(
    const std::vector<std::pair<std::string_view, std::string_view>>& headers, unsigned version) {
  std::size_t hosts = 0;
  std::size_t origins = 0;
  std::size_t fetch_sites = 0;
  std::string_view host;
  // The transfer codings of every Transfer-Encoding line, in order (RFC 9110 5.3: lines combine).
  std::vector<std::string_view> codings;
  bool transfer_encoding = false;
  for (const auto& [name, value] : headers) {
    // By length first: this runs for every request, and most names match none of the four.
    switch (name.size()) {
      case 4:
        if (iequals(name, "Host")) {
          ++hosts;
          host = trim_ows(value);
        }
        break;
      case 6:
        if (iequals(name, "Origin")) ++origins;
        break;
      case 14:
        if (iequals(name, "Sec-Fetch-Site")) ++fetch_sites;
        break;
      case 17:
        if (iequals(name, "Transfer-Encoding")) {
          transfer_encoding = true;
          std::string_view rest = value;
          for (;;) {
            const auto comma = rest.find(',');
            if (const auto coding = trim_ows(rest.substr(0, comma)); !coding.empty()) {
              codings.push_back(coding.substr(0, coding.find(';')));
            }
            if (comma == std::string_view::npos) break;
            rest.remove_prefix(comma + 1);
          }
        }
        break;
      default:
        break;
    }
  }
  if (hosts > 1) return {400, "more than one Host"};
  if (hosts == 0 && version >= 11) return {400, "no Host"};
  if (hosts == 1 && !valid_host(host)) return {400, "invalid Host"};
  if (origins > 1) return {400, "more than one Origin"};
  if (fetch_sites > 1) return {400, "more than one Sec-Fetch-Site"};
  // A Transfer-Encoding that names no coding at all (empty, blank, only commas) frames nothing;
  // taking it as absent would serve whatever follows the headers as the next request.
  if (transfer_encoding && codings.empty()) return {400, "Transfer-Encoding names no coding"};
  if (!codings.empty()) {
    // RFC 9112 6.3: without chunked last, the body's end cannot be known; 6.1: chunked only once.
    if (version < 11) return {400, "Transfer-Encoding in an HTTP/1.0 request"};
    if (!iequals(trim_ows(codings.back()), "chunked"))
      return {400, "chunked is not the final coding"};
    for (std::size_t i = 0; i + 1 < codings.size(); ++i) {
      if (iequals(trim_ows(codings[i]), "chunked")) return {400, "chunked applied twice"};
    }
    // Another coding under chunked (gzip, chunked) would have to be undone, which this server
    // does not do (RFC 9112 6.1: 501).
    if (codings.size() > 1) return {501, "unsupported transfer coding"};
  }
  return {};
}

}  // namespace landing::http
