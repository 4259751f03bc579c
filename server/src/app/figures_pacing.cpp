#include "app/figures_pacing.hpp"

#include <algorithm>
#include <cmath>

namespace landing::app {

void figures_pacing::record(std::int64_t at_ms, std::chrono::steady_clock::duration cost) {
  costs_ms_[recorded_ % remembered] = std::chrono::duration<double, std::milli>(cost).count();
  ++recorded_;
  const auto known =
      costs_ms_.begin() + static_cast<std::ptrdiff_t>(std::min(recorded_, remembered));
  const double cheapest = *std::min_element(costs_ms_.begin(), known);
  next_at_ = at_ms + static_cast<std::int64_t>(std::ceil(cheapest / share_));
}

}  // namespace landing::app
