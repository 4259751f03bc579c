#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

#include "http/limits.hpp"
#include "http/request.hpp"
#include "http/response.hpp"

namespace landing::http {

// What the server runs for each request. The HTTP layer parses and frames; which path does what
// is decided by whoever implements this (src/app/), so http/ knows nothing of sites or leads.
class handler {
 public:
  handler() = default;
  handler(const handler&) = delete;
  handler& operator=(const handler&) = delete;
  virtual ~handler() = default;

  // The largest body a request to `target` may have (at most limits::largest_body_bytes).
  [[nodiscard]] virtual std::size_t body_limit(std::string_view /*target*/) const {
    return limits::body_bytes;
  }
  // True when the answer has to wait for work off the I/O threads (handle_async then runs).
  [[nodiscard]] virtual bool is_async(const request& req) const = 0;
  // Runs on an I/O thread: must not block.
  virtual response handle(const request& req) = 0;
  // Calls done exactly once, on any thread. req is valid only during this call.
  virtual void handle_async(const request& req, std::function<void(response)> done) = 0;
  // Every answer, the ones the HTTP layer gives by itself (400, 413, 431, 503) included.
  virtual void answered(std::string_view target, unsigned status) = 0;
  // A connection refused or shed because a cap or the descriptor limit was reached.
  virtual void connection_refused() = 0;
  // SIGTERM arrived: from now on the server is going away (health checks should say so).
  virtual void draining() {}
};

}  // namespace landing::http
