#include "outbound/target.hpp"

#include <algorithm>
#include <boost/url/parse.hpp>
#include <initializer_list>
#include <optional>

namespace landing::outbound {
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

using v6_bytes = boost::asio::ip::address_v6::bytes_type;

boost::asio::ip::address_v4 v4_at(const v6_bytes& bytes, std::size_t first, bool inverted = false) {
  boost::asio::ip::address_v4::bytes_type out{};
  for (std::size_t i = 0; i < 4; ++i) {
    out[i] = static_cast<unsigned char>(inverted ? ~bytes[first + i] : bytes[first + i]);
  }
  return boost::asio::ip::address_v4(out);
}

bool starts_with(const v6_bytes& bytes, std::initializer_list<unsigned char> prefix) {
  return std::equal(prefix.begin(), prefix.end(), bytes.begin());
}

// The stricter of two classes: a form that names two IPv4 addresses is as private as either.
address_class stricter(address_class a, address_class b) {
  return a == address_class::global ? b : a;
}

// The class of the IPv4 address an IPv6 address carries, for the forms that carry one:
// IPv4-compatible ::a.b.c.d (::/96), NAT64 64:ff9b::/96 and the local-use 64:ff9b:1::/48 (the
// address in the last 32 bits, or after the /48 prefix as RFC 6052 lays it out), 6to4 2002::/16
// and Teredo 2001::/32 (its server, and its client with the bits inverted).
std::optional<address_class> embedded_v4(const v6_bytes& bytes) {
  const auto zero_until = [&](std::size_t end) {
    return std::all_of(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(end),
                       [](unsigned char b) { return b == 0; });
  };
  if (zero_until(12)) return classify_v4(v4_at(bytes, 12));
  if (starts_with(bytes, {0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0})) {
    return classify_v4(v4_at(bytes, 12));
  }
  if (starts_with(bytes, {0x00, 0x64, 0xff, 0x9b, 0x00, 0x01})) {
    // Which layout the local translator uses is its own choice: a layout whose address would be
    // 0.0.0.0 is not the one in use, and of two others the stricter class holds.
    const auto last = v4_at(bytes, 12);
    const boost::asio::ip::address_v4 after_prefix(
        boost::asio::ip::address_v4::bytes_type{bytes[6], bytes[7], bytes[9], bytes[10]});
    if (after_prefix.to_uint() == 0) return classify_v4(last);
    if (last.to_uint() == 0) return classify_v4(after_prefix);
    return stricter(classify_v4(last), classify_v4(after_prefix));
  }
  if (starts_with(bytes, {0x20, 0x02})) return classify_v4(v4_at(bytes, 2));
  if (starts_with(bytes, {0x20, 0x01, 0x00, 0x00})) {
    return stricter(classify_v4(v4_at(bytes, 4)), classify_v4(v4_at(bytes, 12, true)));
  }
  return std::nullopt;
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
  // An IPv6 form that carries an IPv4 address reaches that address: judged by it.
  if (const auto inside = embedded_v4(v6.to_bytes())) return *inside;
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
                                   const reach& allowed) {
  const auto kind = classify(address);
  const auto where = address.to_string() + " is a " + std::string(class_name(kind)) + " address";
  if (kind == address_class::reserved || kind == address_class::unspecified) {
    return where + "; no receiver can be there";
  }
  if (kind != address_class::global && !allowed.allow_private) {
    return where + "; the server posts there only with " + allowed.private_flag;
  }
  if (!https && kind == address_class::global) {
    return where + "; a post to the internet must use https";
  }
  return std::nullopt;
}

url_check check_url(std::string_view url, const reach& allowed) {
  const auto parsed = boost::urls::parse_absolute_uri(url);
  if (!parsed) return {false, "not an absolute URL"};
  const auto scheme = parsed->scheme();
  if (scheme != "https" && scheme != "http") return {false, "the URL must be https (or http)"};
  const bool https = scheme == "https";
  if (parsed->encoded_host().empty()) return {https, "the URL has no host"};
  if (parsed->has_userinfo()) {
    return {https, "the URL holds a user or password, which would end up in logs"};
  }
  if (!https && !allowed.allow_private) {
    return {false, "the URL must be https; http is only for a private receiver, with " +
                       allowed.private_flag};
  }
  boost::system::error_code ec;
  const auto literal = boost::asio::ip::make_address(
      parsed->host_type() == boost::urls::host_type::ipv6 ? std::string(parsed->host_address())
                                                          : std::string(parsed->host()),
      ec);
  if (!ec) {
    if (auto why = refusal(literal, https, allowed)) return {https, *why};
  }
  return {https, {}};
}

}  // namespace landing::outbound
