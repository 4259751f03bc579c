#pragma once

#include <string_view>
#include <utility>
#include <vector>

namespace landing::http {

// What RFC 9112 asks of a request's framing before its body is read, beyond what the parser
// checks: a message whose length two parties could read differently is the stuff of request
// smuggling, so it is refused and the connection closed.
struct framing_verdict {
  unsigned status = 0;  // 0: fine; else 400 or 501, and the connection closes
  std::string_view reason;
};

// version: 10 or 11, as the parser reports it.
framing_verdict check_framing(
    const std::vector<std::pair<std::string_view, std::string_view>>& headers, unsigned version);

// uri-host [ ":" port ] (RFC 3986): a registered name, an IPv4 address or a bracketed IPv6
// address, then an optional port of digits.
bool valid_host(std::string_view host);

}  // namespace landing::http
