#pragma once

#include <boost/asio/ip/address.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "http/request.hpp"

namespace landing::http {

// An address range in CIDR notation: "127.0.0.1/32", "10.0.0.0/8", "::1/128". A bare address
// is the range of that one address.
struct network {
  boost::asio::ip::address base;
  unsigned prefix = 0;
  [[nodiscard]] bool contains(const boost::asio::ip::address& address) const;
};

// Throws std::invalid_argument with a readable reason.
network parse_network(std::string_view text);
// A comma-separated list of ranges, as --trust-proxy takes it.
std::vector<network> parse_networks(std::string_view text);

bool contains(const std::vector<network>& ranges, const boost::asio::ip::address& address);
bool contains(const std::vector<network>& ranges, std::string_view address);

// The client's address: the TCP peer, unless the peer is a trusted proxy. Then X-Forwarded-For,
// every line of it taken together as one list (RFC 9110 5.3), is read from the right, skipping
// the trusted proxies' own entries: the first other entry is the address the nearest trusted
// proxy saw. What a client wrote itself sits further left and is never believed. An entry that
// is not an address means the chain is broken, and the last trusted hop is the client.
std::string client_address(const request& req, const std::vector<network>& trusted);

// Whether the request was made on this machine straight to this server: its TCP peer is a
// loopback address and no proxy forwarded it (no X-Forwarded-For or Forwarded line). The
// operator's own views (/metrics, /healthz's detail) are for such requests alone; anyone going
// through the front, even from this machine, is a visitor.
bool is_direct_from_this_machine(const request& req);

}  // namespace landing::http
