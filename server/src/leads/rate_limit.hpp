#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

namespace landing::leads {

// A token bucket per client address: `burst` leads at once, then `per_minute` more each minute.
// At most `max_clients` buckets are kept, so a flood of spoofed addresses cannot grow memory
// without bound.
class rate_limiter {
 public:
  using clock = std::chrono::steady_clock;

  rate_limiter(double burst, double per_minute, std::size_t max_clients = 100000);

  // 0 when the client may send now (a token is taken), else whole seconds until it may.
  std::int64_t acquire(const std::string& client, clock::time_point now = clock::now());

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
  std::unordered_map<std::string, bucket> buckets_;
};

}  // namespace landing::leads
