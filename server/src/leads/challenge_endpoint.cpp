#include "leads/challenge_endpoint.hpp"

#include "common/clock.hpp"

namespace landing::leads {
namespace {

http::response refused(int status, const char* code, std::int64_t retry_after_s) {
  auto res = http::error_response(status, code);
  res.set("Retry-After", std::to_string(retry_after_s));
  res.set("Cache-Control", "no-store");
  return res;
}

}  // namespace

challenge_endpoint::challenge_endpoint(const spam::proof_gate& gate,
                                       spam::challenge_settings settings,
                                       std::vector<http::network> trusted_proxies, double burst,
                                       double per_minute, spam::proof_metrics& metrics,
                                       std::size_t max_pending)
    : gate_(gate),
      settings_(settings),
      trusted_proxies_(std::move(trusted_proxies)),
      limits_(burst, per_minute),
      metrics_(metrics),
      max_pending_(max_pending) {
  thread_.start("challenges", [this](worker::context& ctx) { make_challenges(ctx); });
}

challenge_endpoint::~challenge_endpoint() {
  thread_.stop();
  // Requests still queued are dropped with their callbacks: their connections close.
  const std::lock_guard lock(mutex_);
  pending_.clear();
}

void challenge_endpoint::handle(const http::request& req, reply done) {
  if (const auto wait = limits_.acquire(http::client_address(req, trusted_proxies_)); wait > 0) {
    metrics_.challenges_limited.fetch_add(1, std::memory_order_relaxed);
    return done(refused(429, "rate_limited", wait));
  }
  {
    const std::lock_guard lock(mutex_);
    if (pending_.size() < max_pending_) {
      pending_.push_back(std::move(done));
      thread_.notify();
      return;
    }
  }
  metrics_.challenges_busy.fetch_add(1, std::memory_order_relaxed);
  done(refused(503, "busy", 1));
}

void challenge_endpoint::make_challenges(worker::context& ctx) {
  while (ctx.wait()) {
    for (;;) {
      reply next;
      {
        const std::lock_guard lock(mutex_);
        if (pending_.empty()) break;
        next = std::move(pending_.front());
        pending_.pop_front();
      }
      auto res = http::json_response(
          200, spam::new_challenge(gate_.keys(), settings_, clock::now_ms() / 1000));
      res.set("Cache-Control", "no-store");
      metrics_.challenges_issued.fetch_add(1, std::memory_order_relaxed);
      next(std::move(res));
      if (ctx.stopping()) return;
    }
  }
}

}  // namespace landing::leads
