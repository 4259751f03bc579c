#include "app/request_metrics.hpp"

#include "common/prometheus.hpp"

namespace landing::app {

std::string_view route_name(route r) {
  switch (r) {
    case route::site:
      return "site";
    case route::contact:
      return "contact";
    case route::challenge:
      return "challenge";
    case route::vitals:
      return "vitals";
    case route::funnel:
      return "funnel";
    case route::telegram:
      return "telegram";
    case route::healthz:
      return "healthz";
    case route::metrics:
      return "metrics";
    case route::other:
      return "other";
  }
  return "other";
}

void request_metrics::count_request(route r, unsigned status) {
  std::size_t index = statuses.size() - 1;
  for (std::size_t i = 0; i + 1 < statuses.size(); ++i) {
    if (statuses[i] == status) {
      index = i;
      break;
    }
  }
  static std::atomic<std::size_t> threads_seen{0};
  thread_local const std::size_t own_shard =
      threads_seen.fetch_add(1, std::memory_order_relaxed) % shard_count;
  shards_[own_shard].requests[static_cast<std::size_t>(r)][index].fetch_add(
      1, std::memory_order_relaxed);
}

std::string request_metrics::render() const {
  std::string out;
  prometheus::type(out, "landing_http_requests_total", "counter");
  for (std::size_t r = 0; r < route_count; ++r) {
    for (std::size_t s = 0; s < statuses.size(); ++s) {
      std::uint64_t count = 0;
      for (const auto& part : shards_) count += part.requests[r][s].load(std::memory_order_relaxed);
      if (count == 0) continue;
      const auto status = statuses[s] ? std::to_string(statuses[s]) : std::string("other");
      prometheus::sample(out, "landing_http_requests_total",
                         "route=\"" + std::string(route_name(static_cast<route>(r))) +
                             "\",status=\"" + status + "\"",
                         count);
    }
  }
  prometheus::type(out, "landing_connections_refused_total", "counter");
  prometheus::sample(out, "landing_connections_refused_total", "", connections_refused.load());
  prometheus::type(out, "landing_site_requests_ahead_total", "counter");
  prometheus::sample(out, "landing_site_requests_ahead_total", "", site_requests_ahead.load());
  return out;
}

}  // namespace landing::app
