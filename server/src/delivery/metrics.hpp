#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "delivery/channel.hpp"
#include "storage/lead.hpp"

namespace landing::delivery {

// One channel's attempts by how they ended: relaxed atomics, no lock.
class channel_metrics {
 public:
  explicit channel_metrics(std::string channel) : channel_(std::move(channel)) {}

  void count(attempt_result::kind outcome) {
    attempts_[static_cast<std::size_t>(outcome)].fetch_add(1, std::memory_order_relaxed);
  }
  [[nodiscard]] std::uint64_t attempts(attempt_result::kind outcome) const {
    return attempts_[static_cast<std::size_t>(outcome)].load(std::memory_order_relaxed);
  }
  [[nodiscard]] const std::string& channel() const { return channel_; }

 private:
  std::string channel_;
  std::array<std::atomic<std::uint64_t>, 4> attempts_{};
};

// Prometheus text of every channel: attempts by outcome (counters), and the leads in each state
// with the oldest pending one's age (gauges, from the store's latest check).
std::string render_channels(const std::vector<const channel_metrics*>& channels,
                            const std::vector<storage::channel_figures>& figures,
                            std::int64_t now_ms);

}  // namespace landing::delivery
