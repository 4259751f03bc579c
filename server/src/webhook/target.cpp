#include "webhook/target.hpp"

#include <boost/url/parse.hpp>

namespace landing::webhook {
namespace {

address_class classify_v4(const boost::asio::ip::address_v4& address) {
  const auto bits = address.to_uint();
  const auto in = [bits](std::uint32_t network, int prefix) {
    const std::uint32_t mask = prefix == 0 ? 0 : ~std::uint32_t{0} << (32 - prefix);
    return (bits & mask) == network;
  };
  if (in(0x00000000, 8)) return address_class::unspecified;
  if (in(0x7f000000, 8)) return address_class::loopback;
  if (in(0x0a000000, 8) || in(0xac100000, 12) || in(0xc0a80000, 16) || in(0x64400000, 10)) {
    return address_class::private_use;
  }
  if (in(0xa9fe0000, 16)) return address_class::link_local;
  // 192.0.0/24 (protocol assignments), 192.0.2/24, 198.51.100/24, 203.0.113/24 (documentation),
  // 198.18/15 (benchmarking), 224/4 (multicast), 240/4 (reserved, and the broadcast address).
  if (in(0xc0000000, 24) || in(0xc0000200, 24) || in(0xc6336400, 24) || in(0xcb007100, 24) ||
      in(0xc6120000, 15) || in(0xe0000000, 4) || in(0xf0000000, 4)) {
    return address_class::reserved;
  }
  return address_class::global;
}

}  // namespace

address_class classify(const boost::asio::ip::address& address) {
  if (address.is_v4()) return classify_v4(address.to_v4());
  const auto v6 = address.to_v6();
  if (v6.is_v4_mapped()) {
    return classify_v4(boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6));
  }
  if (v6.is_unspecified()) return address_class::unspecified;
  if (v6.is_loopback()) return address_class::loopback;
  if (v6.is_link_local()) return address_class::link_local;
  const auto bytes = v6.to_bytes();
  if ((bytes[0] & 0xfe) == 0xfc) return address_class::unique_local;
  if (v6.is_multicast() || v6.is_site_local()) return address_class::reserved;
  // 2001:db8::/32, documentation.
  if (bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0d && bytes[3] == 0xb8) {
    return address_class::reserved;
  }
  return address_class::global;
}

std::string_view class_name(address_class kind) {
  switch (kind) {
    case address_class::global:
      return "global";
    case address_class::loopback:
      return "loopback";
    case address_class::private_use:
      return "private";
    case address_class::link_local:
      return "link-local";
    case address_class::unique_local:
      return "unique-local";
    case address_class::unspecified:
      return "unspecified";
    case address_class::reserved:
      return "reserved";
  }
  return "reserved";
}

std::optional<std::string> refusal(const boost::asio::ip::address& address, bool https,
                                   bool allow_private) {
  const auto kind = classify(address);
  const auto where = address.to_string() + " is a " + std::string(class_name(kind)) + " address";
  if (kind == address_class::reserved || kind == address_class::unspecified) {
    return where + "; no webhook receiver can be there";
  }
  if (kind != address_class::global && !allow_private) {
    return where + "; webhooks go there only with --webhook-allow-private";
  }
  if (!https && kind == address_class::global) {
    return where + "; a webhook to the internet must use https";
  }
  return std::nullopt;
}

url_check check_url(std::string_view url, bool allow_private) {
  const auto parsed = boost::urls::parse_absolute_uri(url);
  if (!parsed) return {false, "not an absolute URL"};
  const auto scheme = parsed->scheme();
  if (scheme != "https" && scheme != "http") return {false, "the URL must be https (or http)"};
  const bool https = scheme == "https";
  if (parsed->encoded_host().empty()) return {https, "the URL has no host"};
  if (parsed->has_userinfo()) {
    return {https, "the URL holds a user or password; the receiver checks the signature instead"};
  }
  if (!https && !allow_private) {
    return {false,
            "the URL must be https; http is only for a private receiver, with "
            "--webhook-allow-private"};
  }
  boost::system::error_code ec;
  const auto literal = boost::asio::ip::make_address(
      parsed->host_type() == boost::urls::host_type::ipv6 ? std::string(parsed->host_address())
                                                          : std::string(parsed->host()),
      ec);
  if (!ec) {
    if (auto why = refusal(literal, https, allow_private)) return {https, *why};
  }
  return {https, {}};
}

}  // namespace landing::webhook
