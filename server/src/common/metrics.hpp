#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace landing {

enum class route { site, contact, vitals, telegram, healthz, metrics, other };
inline constexpr std::size_t route_count = 7;

// What /metrics shows beside the counters, read from the store's latest check.
struct gauges {
  std::uint64_t outbox_depth = 0;
  double oldest_pending_s = 0;
  bool database_up = true;
  std::uint64_t unrecorded_outcomes = 0;
  // Delivered leads on the chat's desk, by status (new, taken, spam, done).
  std::map<std::string, std::int64_t> leads_by_status;
};

// Counters on the request path are relaxed atomics in fixed arrays: no lock, no allocation.
class metrics {
 public:
  void count_request(route r, unsigned status);
  void observe_delivery_ms(double ms);
  // From the lead's arrival to a manager's «Беру».
  void observe_time_to_take_s(double seconds);

  std::atomic<std::uint64_t> leads_accepted{0};
  std::atomic<std::uint64_t> leads_spam{0};
  std::atomic<std::uint64_t> leads_rejected{0};
  std::atomic<std::uint64_t> leads_rate_limited{0};
  std::atomic<std::uint64_t> leads_delivered{0};
  std::atomic<std::uint64_t> leads_failed{0};
  std::atomic<std::uint64_t> connections_refused{0};

  // Prometheus text exposition.
  [[nodiscard]] std::string render(const gauges& extra) const;

 private:
  static constexpr std::array<unsigned, 23> statuses{200, 202, 204, 206, 302, 303, 304, 308,
                                                     400, 403, 404, 405, 413, 415, 416, 421,
                                                     422, 429, 431, 500, 501, 503, 0};
  // Each I/O thread counts requests in a shard of its own, on cache lines of its own: threads
  // counting the same route and status would otherwise pass one line back and forth between
  // cores on every request. The page sums the shards.
  static constexpr std::size_t shard_count = 8;
  struct alignas(64) shard {
    std::array<std::array<std::atomic<std::uint64_t>, statuses.size()>, route_count> requests{};
  };
  std::array<shard, shard_count> shards_{};
  static constexpr std::array<double, 8> buckets_ms{50, 100, 250, 500, 1000, 2500, 5000, 10000};
  std::array<std::atomic<std::uint64_t>, buckets_ms.size()> delivery_buckets_{};
  std::atomic<std::uint64_t> delivery_count_{0};
  std::atomic<std::uint64_t> delivery_sum_us_{0};
  static constexpr std::array<double, 9> take_buckets_s{60,   300,   900,   1800, 3600,
                                                        7200, 14400, 28800, 86400};
  std::array<std::atomic<std::uint64_t>, take_buckets_s.size()> take_buckets_{};
  std::atomic<std::uint64_t> take_count_{0};
  std::atomic<std::uint64_t> take_sum_ms_{0};
};

std::string_view route_name(route r);

}  // namespace landing
