#include "app/figures_pacing.hpp"

#include <cmath>

namespace landing::app {

void figures_pacing::record(std::int64_t at_ms, std::chrono::steady_clock::duration cost) {
  const double cost_ms = std::chrono::duration<double, std::milli>(cost).count();
  read_ = true;
  next_at_ = at_ms + static_cast<std::int64_t>(std::ceil(cost_ms / share_));
}

}  // namespace landing::app
