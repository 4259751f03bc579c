#include "leads/challenge_endpoint.hpp"

#include "common/clock.hpp"

namespace landing::leads {

http::response challenge_endpoint::handle(const http::request& req) {
  if (const auto wait = limits_.acquire(http::client_address(req, trusted_proxies_)); wait > 0) {
    metrics_.challenges_limited.fetch_add(1, std::memory_order_relaxed);
    auto res = http::error_response(429, "rate_limited");
    res.set("Retry-After", std::to_string(wait));
    res.set("Cache-Control", "no-store");
    return res;
  }
  auto res = http::json_response(
      200, spam::new_challenge(gate_.keys(), settings_, clock::now_ms() / 1000));
  res.set("Cache-Control", "no-store");
  metrics_.challenges_issued.fetch_add(1, std::memory_order_relaxed);
  return res;
}

}  // namespace landing::leads
