#include "common/metrics.hpp"

#include <algorithm>

namespace landing {

std::string_view route_name(route r) {
  switch (r) {
    case route::site:
      return "site";
    case route::contact:
      return "contact";
    case route::vitals:
      return "vitals";
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

void metrics::count_request(route r, unsigned status) {
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

void metrics::observe_delivery_ms(double ms) {
  for (std::size_t i = 0; i < buckets_ms.size(); ++i) {
    if (ms <= buckets_ms[i]) delivery_buckets_[i].fetch_add(1, std::memory_order_relaxed);
  }
  delivery_count_.fetch_add(1, std::memory_order_relaxed);
  delivery_sum_us_.fetch_add(static_cast<std::uint64_t>(ms * 1000), std::memory_order_relaxed);
}

void metrics::observe_time_to_take_s(double seconds) {
  seconds = std::max(0.0, seconds);
  for (std::size_t i = 0; i < take_buckets_s.size(); ++i) {
    if (seconds <= take_buckets_s[i]) take_buckets_[i].fetch_add(1, std::memory_order_relaxed);
  }
  take_count_.fetch_add(1, std::memory_order_relaxed);
  take_sum_ms_.fetch_add(static_cast<std::uint64_t>(seconds * 1000), std::memory_order_relaxed);
}

std::string metrics::render(const gauges& extra) const {
  std::string out;
  const auto line = [&](std::string_view name, std::string_view labels, auto value) {
    out += name;
    if (!labels.empty()) {
      out += '{';
      out += labels;
      out += '}';
    }
    out += ' ';
    out += std::to_string(value);
    out += '\n';
  };
  out += "# TYPE landing_http_requests_total counter\n";
  for (std::size_t r = 0; r < route_count; ++r) {
    for (std::size_t s = 0; s < statuses.size(); ++s) {
      std::uint64_t count = 0;
      for (const auto& part : shards_) count += part.requests[r][s].load(std::memory_order_relaxed);
      if (count == 0) continue;
      const auto status = statuses[s] ? std::to_string(statuses[s]) : std::string("other");
      line("landing_http_requests_total",
           "route=\"" + std::string(route_name(static_cast<route>(r))) + "\",status=\"" + status +
               "\"",
           count);
    }
  }
  out += "# TYPE landing_leads_total counter\n";
  line("landing_leads_total", "outcome=\"accepted\"", leads_accepted.load());
  line("landing_leads_total", "outcome=\"spam\"", leads_spam.load());
  line("landing_leads_total", "outcome=\"rejected\"", leads_rejected.load());
  line("landing_leads_total", "outcome=\"rate_limited\"", leads_rate_limited.load());
  line("landing_leads_total", "outcome=\"delivered\"", leads_delivered.load());
  line("landing_leads_total", "outcome=\"failed\"", leads_failed.load());
  out += "# TYPE landing_connections_refused_total counter\n";
  line("landing_connections_refused_total", "", connections_refused.load());
  out += "# TYPE landing_outbox_depth gauge\n";
  line("landing_outbox_depth", "", extra.outbox_depth);
  out += "# TYPE landing_outbox_oldest_pending_seconds gauge\n";
  line("landing_outbox_oldest_pending_seconds", "", extra.oldest_pending_s);
  out += "# TYPE landing_database_up gauge\n";
  line("landing_database_up", "", extra.database_up ? 1 : 0);
  out += "# TYPE landing_outbox_unrecorded_outcomes gauge\n";
  line("landing_outbox_unrecorded_outcomes", "", extra.unrecorded_outcomes);
  out += "# TYPE landing_delivery_latency_seconds histogram\n";
  for (std::size_t i = 0; i < buckets_ms.size(); ++i) {
    line("landing_delivery_latency_seconds_bucket",
         "le=\"" + std::to_string(buckets_ms[i] / 1000.0) + "\"", delivery_buckets_[i].load());
  }
  line("landing_delivery_latency_seconds_bucket", "le=\"+Inf\"", delivery_count_.load());
  line("landing_delivery_latency_seconds_sum", "",
       static_cast<double>(delivery_sum_us_.load()) / 1e6);
  line("landing_delivery_latency_seconds_count", "", delivery_count_.load());
  out += "# TYPE landing_leads_by_status gauge\n";
  for (const auto* status : {"new", "taken", "spam", "done"}) {
    const auto found = extra.leads_by_status.find(status);
    line("landing_leads_by_status", "status=\"" + std::string(status) + "\"",
         found == extra.leads_by_status.end() ? 0 : found->second);
  }
  out += "# TYPE landing_lead_time_to_take_seconds histogram\n";
  for (std::size_t i = 0; i < take_buckets_s.size(); ++i) {
    line("landing_lead_time_to_take_seconds_bucket",
         "le=\"" + std::to_string(static_cast<int>(take_buckets_s[i])) + "\"",
         take_buckets_[i].load());
  }
  line("landing_lead_time_to_take_seconds_bucket", "le=\"+Inf\"", take_count_.load());
  line("landing_lead_time_to_take_seconds_sum", "", static_cast<double>(take_sum_ms_.load()) / 1e3);
  line("landing_lead_time_to_take_seconds_count", "", take_count_.load());
  return out;
}

}  // namespace landing
