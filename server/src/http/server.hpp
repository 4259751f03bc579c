#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <functional>
#include <string>
#include <vector>

#include "http/forwarded.hpp"
#include "http/handler.hpp"

namespace landing::http {

struct server_options {
  boost::asio::ip::tcp::endpoint endpoint;
  unsigned threads = 1;
  std::size_t max_connections = 0;             // 0: limits::default_max_connections
  std::size_t max_connections_per_client = 0;  // 0: limits::default_max_connections_per_client
  std::vector<network> trusted_proxies;
  bool hsts = false;
};

// "127.0.0.1:8080", "[::1]:8080"; throws std::invalid_argument with a readable reason.
boost::asio::ip::tcp::endpoint parse_endpoint(const std::string& text);

// What the descriptor limit allows: raises the soft limit to the hard one and returns how many
// connections fit under it with limits::spare_descriptors left for the database, the site's
// files and the Bot API client.
std::size_t raise_descriptor_limit(std::size_t wanted_connections);

// Binds, serves until SIGINT or SIGTERM, then stops accepting, lets in-flight requests finish
// (bounded by limits::shutdown_grace) and returns. on_listening gets the bound endpoint, which
// matters when the port was 0. Throws boost::system::system_error when binding fails.
void serve(const server_options& options, handler& app,
           const std::function<void(const boost::asio::ip::tcp::endpoint&)>& on_listening);

}  // namespace landing::http
