#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

namespace landing::leads {

// A token bucket per client address: `burst` leads at once, then `per_minute` more each minute.
class rate_limiter {
 public:
  using clock = std::chrono::steady_clock;

  rate_limiter(double burst, double per_minute);

  // 0 when the client may send now (a token is taken), else whole seconds until it may.
  std::int64_t acquire(const std::string& client, clock::time_point now = clock::now());

 private:
  struct bucket {
    double tokens;
    clock::time_point updated;
  };
  void forget_full_buckets(clock::time_point now);

  double burst_;
  double per_second_;
  std::mutex mutex_;
  std::unordered_map<std::string, bucket> buckets_;
};

}  // namespace landing::leads
