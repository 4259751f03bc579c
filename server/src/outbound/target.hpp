#pragma once

#include <boost/asio/ip/address.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace landing::outbound {

// What kind of network an address is on, for the SSRF guard: a URL the server posts to (a
// webhook, a CRM) must not reach the server's own machine or network unless the operator says
// so.
enum class address_class {
  global,
  loopback,      // 127.0.0.0/8, ::1
  private_use,   // 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier-grade NAT)
  link_local,    // 169.254/16 (cloud metadata lives here), fe80::/10
  unique_local,  // fc00::/7
  unspecified,   // 0.0.0.0/8, ::
  reserved,      // multicast, broadcast, documentation and other ranges no receiver uses
};

address_class classify(const boost::asio::ip::address& address);
std::string_view class_name(address_class kind);

// Who may be reached: private addresses only with `allow_private`, which the operator gives by
// the flag `private_flag` (named in the refusal, e.g. --webhook-allow-private).
struct reach {
  bool allow_private = false;
  std::string private_flag;
};

// Why a connection to `address` is refused, or nothing when it may go. Private classes pass only
// when allowed; plain http only to a private address so allowed (a studio's own CRM on its
// network); reserved ranges never.
std::optional<std::string> refusal(const boost::asio::ip::address& address, bool https,
                                   const reach& allowed);

struct url_check {
  bool https = false;
  std::string error;  // empty when the URL may be used
};

// The URL's own checks, before any connection: http or https, a host, no user:password (a
// secret in a URL ends up in logs), and for a literal address the refusal above.
url_check check_url(std::string_view url, const reach& allowed);

}  // namespace landing::outbound
