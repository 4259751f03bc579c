#include "leads/rate_limit.hpp"

#include <algorithm>
#include <cmath>

namespace landing::leads {
namespace {

// Past this many tracked clients, refilled buckets are dropped: they carry no information, and
// a flood of spoofed addresses must not grow memory without bound.
constexpr std::size_t prune_threshold = 100000;

}  // namespace

rate_limiter::rate_limiter(double burst, double per_minute)
    : burst_(std::max(1.0, burst)), per_second_(std::max(per_minute, 0.001) / 60.0) {}

std::int64_t rate_limiter::acquire(const std::string& client, clock::time_point now) {
  const std::lock_guard lock(mutex_);
  if (buckets_.size() > prune_threshold) forget_full_buckets(now);
  auto [it, fresh] = buckets_.try_emplace(client, bucket{burst_, now});
  auto& b = it->second;
  if (!fresh) {
    const std::chrono::duration<double> elapsed = now - b.updated;
    b.tokens = std::min(burst_, b.tokens + elapsed.count() * per_second_);
    b.updated = now;
  }
  if (b.tokens >= 1.0) {
    b.tokens -= 1.0;
    return 0;
  }
  return static_cast<std::int64_t>(std::ceil((1.0 - b.tokens) / per_second_));
}

void rate_limiter::forget_full_buckets(clock::time_point now) {
  std::erase_if(buckets_, [&](const auto& entry) {
    const std::chrono::duration<double> elapsed = now - entry.second.updated;
    return entry.second.tokens + elapsed.count() * per_second_ >= burst_;
  });
}

}  // namespace landing::leads
