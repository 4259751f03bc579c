#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <chrono>
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
  // The pages' Content-Security-Policy; empty: content_security_policy (http/headers.hpp).
  std::string content_security_policy;
  // SO_REUSEPORT: a new process binds the port while the old one still serves, then takes
  // every new connection (see steer_to_newest in server.cpp), so a replacement refuses none.
  bool reuse_port = false;
  // After SIGTERM, the server keeps serving (and /healthz answers 503 "draining") for this long
  // before it closes the listener, so a proxy's health check moves traffic away first.
  std::chrono::milliseconds drain_delay{0};
};

// "127.0.0.1:8080", "[::1]:8080"; throws std::invalid_argument with a readable reason.
boost::asio::ip::tcp::endpoint parse_endpoint(const std::string& text);

// What the descriptor limit allows: raises the soft limit to the hard one and returns how many
// connections fit under it with limits::spare_descriptors left for the database, the site's
// files and the Bot API client.
std::size_t raise_descriptor_limit(std::size_t wanted_connections);

// Binds, serves until SIGINT or SIGTERM, then tells the handler it is draining, waits
// drain_delay (a second signal cuts it short), takes what is already queued on the listener,
// stops accepting, lets in-flight requests finish (bounded by limits::shutdown_grace) and
// returns. on_listening gets the bound endpoint, which
// matters when the port was 0. Throws boost::system::system_error when binding fails.
void serve(const server_options& options, handler& app,
           const std::function<void(const boost::asio::ip::tcp::endpoint&)>& on_listening);

}  // namespace landing::http
