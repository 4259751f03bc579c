#pragma once

#include <functional>
#include <vector>

#include "common/metrics.hpp"
#include "http/forwarded.hpp"
#include "http/response.hpp"
#include "leads/validation.hpp"
#include "leads/writer.hpp"
#include "site/site.hpp"

namespace landing::leads {

// POST /api/contact (contract/api-contact.md). Everything up to the write is decided on the
// calling thread; the answer waits for the writer's commit, so 202 means durable.
class contact_endpoint {
 public:
  // trusted_proxies: whose X-Forwarded-For names the client (http::client_address).
  contact_endpoint(lead_writer& writer, const site::site& files, metrics& stats,
                   std::vector<http::network> trusted_proxies)
      : writer_(writer),
        files_(files),
        stats_(stats),
        trusted_proxies_(std::move(trusted_proxies)) {}

  // Calls done exactly once, on any thread; req is valid only during this call.
  void handle(const http::request& req, std::function<void(http::response)> done);

 private:
  lead_writer& writer_;
  const site::site& files_;
  metrics& stats_;
  std::vector<http::network> trusted_proxies_;
};

// The answers, as plain functions of the outcome, shared by tests.
http::response errors_response(const field_errors& errors);

}  // namespace landing::leads
