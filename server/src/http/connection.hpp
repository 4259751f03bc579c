#pragma once

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "http/app.hpp"

namespace landing::http {

// One accepted socket. Its members are touched only by the thread running its io_context.
struct connection {
  explicit connection(boost::asio::ip::tcp::socket socket) : stream(std::move(socket)) {}
  boost::beast::tcp_stream stream;
  bool idle = true;         // waiting for a request, so safe to close at shutdown
  std::string head_buffer;  // response head, reused across requests
};

// Shared by the listener and all sessions.
struct server_state {
  app application;
  std::string security_headers;
  std::size_t max_connections = 0;
  std::atomic<bool> stopping{false};

  // Returns false when the cap is reached; the caller then drops the socket.
  bool admit(const std::shared_ptr<connection>& conn);
  void release(const connection* conn);
  // Closes every idle connection; busy ones close after their current answer.
  void close_idle();

 private:
  std::mutex mutex_;
  std::unordered_map<const connection*, std::weak_ptr<connection>> live_;
};

}  // namespace landing::http
