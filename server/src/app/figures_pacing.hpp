#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>

namespace landing::app {

// When the health check reads the outbox figures again. They count every delivery row (how
// many each channel delivered, failed, holds), so their cost grows with the table: 78 ms a read
// on PostgreSQL at 120,000 rows, which once a second took 8 % of a core from the intake. The
// check itself (the file, the disk, a write probe) stays once a second; the figures wait until
// `share` of the time since their last read has paid for that read, so they never cost more
// than that share of one core, however large the table grows. A small table is read every check.
// What a read costs is the cheapest of the last few: one slow read (an fsync behind a busy disk, a
// lock held by a writer, a preempted thread) would otherwise hold the figures back fifty times
// its length, seconds on a tiny table; a table that really grew makes every read slow, and the
// pacing follows within that many reads.
class figures_pacing {
 public:
  // share: the most of one core the figures may take, e.g. 0.02 for 2 %.
  explicit figures_pacing(double share) : share_(share) {}

  // Whether a check at `now_ms` (unix ms) reads them; true until the first read is recorded.
  [[nodiscard]] bool due(std::int64_t now_ms) const { return recorded_ == 0 || now_ms >= next_at_; }

  // A read that started at `at_ms` and took `cost` (measured on a steady clock).
  void record(std::int64_t at_ms, std::chrono::steady_clock::duration cost);

  // How many of the latest reads the cost is the cheapest of.
  static constexpr std::size_t remembered = 4;

 private:
  double share_;
  std::int64_t next_at_ = 0;
  std::array<double, remembered> costs_ms_{};
  std::size_t recorded_ = 0;
};

}  // namespace landing::app
