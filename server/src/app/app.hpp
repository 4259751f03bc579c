#pragma once

#include <functional>

#include "http/metrics.hpp"
#include "http/request.hpp"
#include "http/response.hpp"
#include "site/site.hpp"

namespace landing::http {

// A route whose answer has to wait for something off the I/O threads (the lead writer).
class async_handler {
 public:
  async_handler() = default;
  async_handler(const async_handler&) = delete;
  async_handler& operator=(const async_handler&) = delete;
  virtual ~async_handler() = default;
  // Calls done exactly once, on any thread. req is valid only during this call.
  virtual void handle(const request& req, std::function<void(response)> done) = 0;
};

// Everything the routes need, wired by main.
struct app {
  const site::site* files = nullptr;
  metrics* stats = nullptr;
  async_handler* contact = nullptr;
  std::function<response()> healthz;
  std::function<response()> metrics_page;
};

route classify(const request& req);

// Every route except the asynchronous contact one.
response handle(const app& application, const request& req);

}  // namespace landing::http
