#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <string>

#include "attribution/source.hpp"

namespace landing::leads {

// What /metrics shows of the lead path beside the counters, read from the store's latest check.
struct gauges {
  std::uint64_t outbox_depth = 0;
  double oldest_pending_s = 0;
  bool database_up = true;
  std::uint64_t unrecorded_outcomes = 0;
  // Delivered leads on the chat's desk, by status (new, taken, spam, done).
  std::map<std::string, std::int64_t> leads_by_status;
};

// The lead path's counters, from the contact endpoint to the chat's desk: relaxed atomics, no
// lock, no allocation.
class lead_metrics {
 public:
  void observe_delivery_ms(double ms);
  // From the lead's arrival to a manager's «Беру».
  void observe_time_to_take_s(double seconds);

  std::atomic<std::uint64_t> leads_accepted{0};
  std::atomic<std::uint64_t> leads_spam{0};
  // Of those, filed as spam for a message three addresses sent within a day (spam/repeats.hpp).
  std::atomic<std::uint64_t> leads_repeated{0};
  std::atomic<std::uint64_t> leads_rejected{0};
  std::atomic<std::uint64_t> leads_rate_limited{0};
  std::atomic<std::uint64_t> leads_delivered{0};
  std::atomic<std::uint64_t> leads_failed{0};
  // Leads erased when their retention ran out, and how many of them were still undelivered.
  void count_erased(std::uint64_t leads, std::uint64_t undelivered);
  // Sources that failed their checks, by reason; the leads themselves were kept.
  void count_source_dropped(attribution::drop_reason reason);
  [[nodiscard]] std::uint64_t sources_dropped(attribution::drop_reason reason) const;

  // Prometheus text exposition of the counters and `extra`.
  [[nodiscard]] std::string render(const gauges& extra) const;

 private:
  static constexpr std::array<double, 8> buckets_ms{50, 100, 250, 500, 1000, 2500, 5000, 10000};
  std::array<std::atomic<std::uint64_t>, buckets_ms.size()> delivery_buckets_{};
  std::atomic<std::uint64_t> delivery_count_{0};
  std::atomic<std::uint64_t> delivery_sum_us_{0};
  static constexpr std::array<double, 9> take_buckets_s{60,   300,   900,   1800, 3600,
                                                        7200, 14400, 28800, 86400};
  std::array<std::atomic<std::uint64_t>, take_buckets_s.size()> take_buckets_{};
  std::atomic<std::uint64_t> take_count_{0};
  std::atomic<std::uint64_t> take_sum_ms_{0};
  std::array<std::atomic<std::uint64_t>, attribution::all_drop_reasons.size()> sources_dropped_{};
  std::atomic<std::uint64_t> erased_{0};
  std::atomic<std::uint64_t> erased_undelivered_{0};
};

}  // namespace landing::leads
