#pragma once

#include <chrono>
#include <random>

namespace landing::delivery {

struct backoff_policy {
  std::chrono::milliseconds base{1000};
  std::chrono::milliseconds cap{60000};
};

// Delay before retry number `attempt` (1-based): base * 2^(attempt-1), capped, then jittered
// down to between half and all of it, so many pending leads do not retry in lockstep.
std::chrono::milliseconds backoff_delay(const backoff_policy& policy, int attempt,
                                        std::mt19937_64& random);

}  // namespace landing::delivery
