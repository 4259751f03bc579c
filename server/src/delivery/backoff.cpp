#include "delivery/backoff.hpp"

#include <algorithm>

namespace landing::delivery {

std::chrono::milliseconds backoff_delay(const backoff_policy& policy, int attempt,
                                        std::mt19937_64& random) {
  const auto cap = std::max<long long>(1, policy.cap.count());
  long long delay = std::max<long long>(1, policy.base.count());
  for (int i = 1; i < attempt && delay < cap; ++i) delay *= 2;
  delay = std::min(delay, cap);
  std::uniform_int_distribution<long long> jitter(delay / 2, delay);
  return std::chrono::milliseconds(jitter(random));
}

}  // namespace landing::delivery
