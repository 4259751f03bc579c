#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <vector>

#include "common/worker.hpp"
#include "http/forwarded.hpp"
#include "http/request.hpp"
#include "http/response.hpp"
#include "leads/rate_limit.hpp"
#include "spam/proof_gate.hpp"
#include "spam/proof_of_work.hpp"

namespace landing::leads {

// GET /api/challenge: a fresh proof-of-work challenge for the page's script (altcha-lib's
// Challenge JSON, contract/api-contact.md). Making one costs the server a key derivation, so
// each client address may ask for `burst` at once and `per_minute` more a minute; past that, 429
// with Retry-After. Never cached: each one is spent once.
//
// The derivation (about 0.3 ms at 1000 iterations) runs on a thread of its own, not on the
// I/O threads: a flood of challenges from many addresses then waits in a short queue of its own
// while pages go on being served, and past `max_pending` it is answered 503 at once.
class challenge_endpoint {
 public:
  using reply = std::function<void(http::response)>;

  challenge_endpoint(const spam::proof_gate& gate, spam::challenge_settings settings,
                     std::vector<http::network> trusted_proxies, double burst, double per_minute,
                     spam::proof_metrics& metrics, std::size_t max_pending = 256);
  challenge_endpoint(const challenge_endpoint&) = delete;
  challenge_endpoint& operator=(const challenge_endpoint&) = delete;
  ~challenge_endpoint();

  // Answers through `done`, on this thread (429, 503) or on the endpoint's (200).
  void handle(const http::request& req, reply done);

 private:
  void make_challenges(worker::context& ctx);

  const spam::proof_gate& gate_;
  spam::challenge_settings settings_;
  std::vector<http::network> trusted_proxies_;
  rate_limiter limits_;
  spam::proof_metrics& metrics_;
  std::size_t max_pending_;
  std::mutex mutex_;
  std::deque<reply> pending_;
  worker thread_;  // last: stopped before the members it reads go
};

}  // namespace landing::leads
