#pragma once

#include <vector>

#include "http/forwarded.hpp"
#include "http/response.hpp"
#include "leads/rate_limit.hpp"
#include "spam/proof_gate.hpp"
#include "spam/proof_of_work.hpp"

namespace landing::leads {

// GET /api/challenge: a fresh proof-of-work challenge for the page's script (altcha-lib's
// Challenge JSON, contract/api-contact.md). Making one costs the server a key derivation, so
// each client address may ask for `burst` at once and `per_minute` more a minute; past that, 429
// with Retry-After. Never cached: each one is spent once.
class challenge_endpoint {
 public:
  challenge_endpoint(const spam::proof_gate& gate, spam::challenge_settings settings,
                     std::vector<http::network> trusted_proxies, double burst, double per_minute,
                     spam::proof_metrics& metrics)
      : gate_(gate),
        settings_(settings),
        trusted_proxies_(std::move(trusted_proxies)),
        limits_(burst, per_minute),
        metrics_(metrics) {}

  http::response handle(const http::request& req);

 private:
  const spam::proof_gate& gate_;
  spam::challenge_settings settings_;
  std::vector<http::network> trusted_proxies_;
  rate_limiter limits_;
  spam::proof_metrics& metrics_;
};

}  // namespace landing::leads
