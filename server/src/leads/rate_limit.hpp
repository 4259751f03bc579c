#pragma once

#include <array>
#include <boost/unordered/unordered_flat_map.hpp>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "storage/store.hpp"

namespace landing::leads {

// The per-client lead limit as the writer asks it, for a whole batch at once.
class limiter {
 public:
  limiter() = default;
  limiter(const limiter&) = delete;
  limiter& operator=(const limiter&) = delete;
  virtual ~limiter() = default;
  // One entry per lead: 0 when its client may send it now (a token is taken), else whole
  // seconds until it may. Throws storage::error when a shared limit cannot be read.
  virtual std::vector<std::int64_t> take(const std::vector<std::string>& clients) = 0;
};

// A client as the limits key it: its address's 16 bytes, IPv4 mapped into IPv6, so "192.0.2.1"
// and "::ffff:192.0.2.1" are one client; an IPv6 address by its /64, the last 64 bits zero, as a
// home line or a cloud host is given a whole /64 and could take a fresh address per request.
// Text that is no address (http::client_address never gives one) is the unspecified address
// "::", which no client has: such callers share one bucket rather than each getting a fresh one.
using address_key = std::array<unsigned char, 16>;
address_key key_of(std::string_view client);
// The key as text, for limits kept in the store: "192.0.2.1", "2001:db8:1:2::/64".
std::string key_text(std::string_view client);

// A token bucket per client address: `burst` leads at once, then `per_minute` more each minute.
// At most `max_clients` buckets are kept, so a flood of spoofed addresses cannot grow memory
// without bound. They sit in one open-addressing table (Boost's unordered_flat_map), 32 bytes a
// client with no allocation of its own: 100,000 clients take about 4 MB, where a node per
// client with its address as a std::string took three times that and a malloc each.
// The buckets live in this process: right when it is the only one taking leads (SQLite).
class rate_limiter final : public limiter {
 public:
  using clock = std::chrono::steady_clock;

  rate_limiter(double burst, double per_minute, std::size_t max_clients = 100000);

  // 0 when the client may send now (a token is taken), else whole seconds until it may.
  std::int64_t acquire(std::string_view client, clock::time_point now = clock::now());
  std::int64_t acquire(const address_key& client, clock::time_point now);
  std::vector<std::int64_t> take(const std::vector<std::string>& clients) override;

  // For tests: buckets held now, and how many times the table was pruned.
  std::size_t clients();
  std::size_t prunes();

 private:
  struct bucket {
    double tokens;
    clock::time_point updated;
  };
  void prune(clock::time_point now);

  double burst_;
  double per_second_;
  std::size_t max_clients_;
  std::size_t prunes_ = 0;
  std::mutex mutex_;
  boost::unordered_flat_map<address_key, bucket> buckets_;
};

}  // namespace landing::leads

namespace landing::leads {

// The buckets live in the shared store, so replicas together allow what one would: N replicas
// do not multiply the limit.
// `kind` keeps one limit's buckets apart from another's in the same table ("" for the leads',
// "unproven " for the forms sent without a proof of work).
class shared_rate_limiter final : public limiter {
 public:
  shared_rate_limiter(storage::lead_store& store, double burst, double per_minute,
                      std::string kind = {})
      : store_(store), burst_(burst), per_second_(per_minute / 60.0), kind_(std::move(kind)) {}
  std::vector<std::int64_t> take(const std::vector<std::string>& clients) override;

 private:
  storage::lead_store& store_;
  double burst_;
  double per_second_;
  std::string kind_;
};

}  // namespace landing::leads
