#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace landing::app {

// Which room a request went to, for the request counters.
enum class route { site, contact, challenge, vitals, funnel, telegram, healthz, metrics, other };
inline constexpr std::size_t route_count = 9;
std::string_view route_name(route r);

// Requests by route and status, and connections refused. Counted on the request path, so relaxed
// atomics in fixed arrays: no lock, no allocation.
class request_metrics {
 public:
  void count_request(route r, unsigned status);
  std::atomic<std::uint64_t> connections_refused{0};
  // Site requests a browser made ahead of the visitor (Sec-Purpose: prefetch, a prerendered page
  // and what it loads), who may never see the page.
  std::atomic<std::uint64_t> site_requests_ahead{0};

  // Prometheus text exposition.
  [[nodiscard]] std::string render() const;

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
};

}  // namespace landing::app
