#include "http/forwarded.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>
#include <stdexcept>

namespace landing::http {
namespace {

namespace ip = boost::asio::ip;

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// An address as it appears in X-Forwarded-For: bare, or IPv6 in brackets, either with a port.
std::optional<ip::address> forwarded_address(std::string_view entry) {
  boost::system::error_code ec;
  if (entry.starts_with('[')) {
    const auto close = entry.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    entry = entry.substr(1, close - 1);
  } else if (std::count(entry.begin(), entry.end(), ':') == 1) {
    entry = entry.substr(0, entry.find(':'));  // IPv4 with a port
  }
  const auto address = ip::make_address(std::string(entry), ec);
  if (ec) return std::nullopt;
  return address;
}

ip::address unmapped(const ip::address& address) {
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    return ip::make_address_v4(ip::v4_mapped, address.to_v6());
  }
  return address;
}

}  // namespace

bool network::contains(const ip::address& raw) const {
  const auto address = unmapped(raw);
  if (address.is_v4() != base.is_v4()) return false;
  const auto bytes_of = [](const ip::address& a) {
    std::array<unsigned char, 16> out{};
    if (a.is_v4()) {
      const auto v4 = a.to_v4().to_bytes();
      std::copy(v4.begin(), v4.end(), out.begin());
    } else {
      out = a.to_v6().to_bytes();
    }
    return out;
  };
  const auto want = bytes_of(base);
  const auto have = bytes_of(address);
  unsigned left = prefix;
  for (std::size_t i = 0; left > 0; ++i, left = left >= 8 ? left - 8 : 0) {
    const unsigned bits = std::min(left, 8U);
    const auto mask = static_cast<unsigned char>(0xFF << (8 - bits));
    if ((want[i] & mask) != (have[i] & mask)) return false;
  }
  return true;
}

network parse_network(std::string_view text) {
  text = trim(text);
  const auto slash = text.find('/');
  boost::system::error_code ec;
  const auto address = ip::make_address(std::string(text.substr(0, slash)), ec);
  if (ec) throw std::invalid_argument("not an address range: " + std::string(text));
  network out{unmapped(address), address.is_v4() ? 32U : 128U};
  if (slash != std::string_view::npos) {
    const auto bits = text.substr(slash + 1);
    unsigned prefix = 0;
    const auto [end, parse_ec] = std::from_chars(bits.data(), bits.data() + bits.size(), prefix);
    if (parse_ec != std::errc() || end != bits.data() + bits.size() || bits.empty() ||
        prefix > out.prefix) {
      throw std::invalid_argument("bad prefix length in " + std::string(text));
    }
    out.prefix = prefix;
  }
  return out;
}

std::vector<network> parse_networks(std::string_view text) {
  std::vector<network> out;
  while (!text.empty()) {
    const auto comma = text.find(',');
    if (!trim(text.substr(0, comma)).empty()) out.push_back(parse_network(text.substr(0, comma)));
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return out;
}

bool contains(const std::vector<network>& ranges, const ip::address& address) {
  return std::any_of(ranges.begin(), ranges.end(),
                     [&](const network& range) { return range.contains(address); });
}

bool contains(const std::vector<network>& ranges, std::string_view address) {
  boost::system::error_code ec;
  const auto parsed = ip::make_address(std::string(address), ec);
  return !ec && contains(ranges, parsed);
}

std::string client_address(const request& req, const std::vector<network>& trusted) {
  if (trusted.empty() || !contains(trusted, req.peer)) return req.peer;
  // All lines, in order, joined as one list.
  std::vector<std::string_view> entries;
  for (const auto& [name, value] : req.headers) {
    if (!iequals(name, "X-Forwarded-For")) continue;
    std::string_view rest = value;
    while (!rest.empty()) {
      const auto comma = rest.find(',');
      if (const auto entry = trim(rest.substr(0, comma)); !entry.empty()) entries.push_back(entry);
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
  }
  std::string client = req.peer;
  for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
    const auto address = forwarded_address(*it);
    if (!address) break;
    client = unmapped(*address).to_string();
    if (!contains(trusted, *address)) break;
  }
  return client;
}

bool is_direct_from_this_machine(const request& req) {
  for (const auto& [name, value] : req.headers) {
    if (iequals(name, "X-Forwarded-For") || iequals(name, "Forwarded")) return false;
  }
  boost::system::error_code ec;
  const auto peer = ip::make_address(req.peer, ec);
  return !ec && unmapped(peer).is_loopback();
}

}  // namespace landing::http
