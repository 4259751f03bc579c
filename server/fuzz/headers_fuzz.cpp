// The header parsers requests reach before any handler decides: Range, Accept-Encoding,
// Accept-Language, Cookie, If-None-Match, Host and the framing rules, X-Forwarded-For.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "http/forwarded.hpp"
#include "http/framing.hpp"
#include "site/encoding.hpp"
#include "site/etag.hpp"
#include "site/locale.hpp"
#include "site/range.hpp"

using namespace landing;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // A second value from the same bytes, for the functions that take two.
  const auto half = text.substr(text.size() / 2);
  for (const std::size_t length : {std::size_t{0}, std::size_t{1}, std::size_t{5000}, size}) {
    const auto range = site::parse_range(text, length);
    if (range.outcome == site::range_result::partial &&
        (range.first > range.last || range.last >= length)) {
      std::abort();
    }
  }
  site::choose_encoding(text, true, true);
  site::choose_encoding(text, size % 2, size % 3);
  const auto locale = site::negotiate_locale(half, text);
  if (!site::is_supported_locale(locale)) std::abort();
  site::cookie_value(text, "user-locale");
  site::if_none_match_hits(text, "\"0123456789abcdef\"");
  http::valid_host(text);
  // Split into header lines at CRLF, "name: value", as the parser would hand them over.
  std::vector<std::pair<std::string_view, std::string_view>> headers;
  for (std::string_view rest = text; !rest.empty();) {
    const auto end = rest.find("\r\n");
    const auto line = rest.substr(0, end);
    const auto colon = line.find(':');
    headers.emplace_back(line.substr(0, colon), colon == std::string_view::npos
                                                    ? std::string_view{}
                                                    : line.substr(colon + 1));
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 2);
  }
  const auto verdict = http::check_framing(headers, size % 2 ? 11 : 10);
  if (verdict.status != 0 && verdict.status != 400 && verdict.status != 501) std::abort();
  http::request req;
  req.peer = "127.0.0.1";
  req.headers = headers;
  static const auto trusted = http::parse_networks("127.0.0.1/32, 10.0.0.0/8, fd00::/8");
  const auto client = http::client_address(req, trusted);
  if (client.empty()) std::abort();
  try {
    http::parse_network(text);
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
