#pragma once

#include "http/app.hpp"
#include "leads/rate_limit.hpp"
#include "leads/writer.hpp"
#include "site/site.hpp"

namespace landing::leads {

// POST /api/contact (contract/api-contact.md). Everything up to the write is decided on the
// calling thread; the answer waits for the writer's commit, so 202 means durable.
class contact_endpoint final : public http::async_handler {
 public:
  contact_endpoint(lead_writer& writer, rate_limiter& limiter, const site::site& files,
                   http::metrics& stats, bool trust_proxy)
      : writer_(writer),
        limiter_(limiter),
        files_(files),
        stats_(stats),
        trust_proxy_(trust_proxy) {}

  void handle(const http::request& req, std::function<void(http::response)> done) override;

 private:
  lead_writer& writer_;
  rate_limiter& limiter_;
  const site::site& files_;
  http::metrics& stats_;
  bool trust_proxy_;
};

// The answers, as plain functions of the outcome, shared by tests.
http::response errors_response(const field_errors& errors);
http::response error_response(unsigned status, std::string_view code);

}  // namespace landing::leads
