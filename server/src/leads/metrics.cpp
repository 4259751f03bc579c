#include "leads/metrics.hpp"

#include <algorithm>

#include "common/prometheus.hpp"

namespace landing::leads {

void lead_metrics::observe_delivery_ms(double ms) {
  for (std::size_t i = 0; i < buckets_ms.size(); ++i) {
    if (ms <= buckets_ms[i]) delivery_buckets_[i].fetch_add(1, std::memory_order_relaxed);
  }
  delivery_count_.fetch_add(1, std::memory_order_relaxed);
  delivery_sum_us_.fetch_add(static_cast<std::uint64_t>(ms * 1000), std::memory_order_relaxed);
}

void lead_metrics::observe_time_to_take_s(double seconds) {
  seconds = std::max(0.0, seconds);
  for (std::size_t i = 0; i < take_buckets_s.size(); ++i) {
    if (seconds <= take_buckets_s[i]) take_buckets_[i].fetch_add(1, std::memory_order_relaxed);
  }
  take_count_.fetch_add(1, std::memory_order_relaxed);
  take_sum_ms_.fetch_add(static_cast<std::uint64_t>(seconds * 1000), std::memory_order_relaxed);
}

void lead_metrics::count_source_dropped(attribution::drop_reason reason) {
  sources_dropped_[static_cast<std::size_t>(reason)].fetch_add(1, std::memory_order_relaxed);
}

void lead_metrics::count_erased(std::uint64_t leads, std::uint64_t undelivered) {
  erased_.fetch_add(leads, std::memory_order_relaxed);
  erased_undelivered_.fetch_add(undelivered, std::memory_order_relaxed);
}

std::uint64_t lead_metrics::sources_dropped(attribution::drop_reason reason) const {
  return sources_dropped_[static_cast<std::size_t>(reason)].load(std::memory_order_relaxed);
}

std::string lead_metrics::render(const gauges& extra) const {
  using prometheus::sample;
  using prometheus::type;
  std::string out;
  type(out, "landing_leads_total", "counter");
  sample(out, "landing_leads_total", "outcome=\"accepted\"", leads_accepted.load());
  sample(out, "landing_leads_total", "outcome=\"spam\"", leads_spam.load());
  sample(out, "landing_leads_total", "outcome=\"rejected\"", leads_rejected.load());
  sample(out, "landing_leads_total", "outcome=\"rate_limited\"", leads_rate_limited.load());
  sample(out, "landing_leads_total", "outcome=\"delivered\"", leads_delivered.load());
  sample(out, "landing_leads_total", "outcome=\"failed\"", leads_failed.load());
  type(out, "landing_repeated_message_leads_total", "counter");
  sample(out, "landing_repeated_message_leads_total", "", leads_repeated.load());
  type(out, "landing_lead_sources_dropped_total", "counter");
  for (const auto reason : attribution::all_drop_reasons) {
    sample(out, "landing_lead_sources_dropped_total",
           "reason=\"" + std::string(attribution::label(reason)) + "\"", sources_dropped(reason));
  }
  type(out, "landing_leads_purged_total", "counter");
  sample(out, "landing_leads_purged_total", "", erased_.load());
  type(out, "landing_leads_purged_undelivered_total", "counter");
  sample(out, "landing_leads_purged_undelivered_total", "", erased_undelivered_.load());
  type(out, "landing_outbox_depth", "gauge");
  sample(out, "landing_outbox_depth", "", extra.outbox_depth);
  type(out, "landing_outbox_oldest_pending_seconds", "gauge");
  sample(out, "landing_outbox_oldest_pending_seconds", "", extra.oldest_pending_s);
  type(out, "landing_database_up", "gauge");
  sample(out, "landing_database_up", "", extra.database_up ? 1 : 0);
  type(out, "landing_outbox_unrecorded_outcomes", "gauge");
  sample(out, "landing_outbox_unrecorded_outcomes", "", extra.unrecorded_outcomes);
  type(out, "landing_delivery_latency_seconds", "histogram");
  for (std::size_t i = 0; i < buckets_ms.size(); ++i) {
    sample(out, "landing_delivery_latency_seconds_bucket",
           "le=\"" + std::to_string(buckets_ms[i] / 1000.0) + "\"", delivery_buckets_[i].load());
  }
  sample(out, "landing_delivery_latency_seconds_bucket", "le=\"+Inf\"", delivery_count_.load());
  sample(out, "landing_delivery_latency_seconds_sum", "",
         static_cast<double>(delivery_sum_us_.load()) / 1e6);
  sample(out, "landing_delivery_latency_seconds_count", "", delivery_count_.load());
  type(out, "landing_leads_by_status", "gauge");
  for (const auto* status : {"new", "taken", "spam", "done"}) {
    const auto found = extra.leads_by_status.find(status);
    sample(out, "landing_leads_by_status", "status=\"" + std::string(status) + "\"",
           found == extra.leads_by_status.end() ? 0 : found->second);
  }
  type(out, "landing_lead_time_to_take_seconds", "histogram");
  for (std::size_t i = 0; i < take_buckets_s.size(); ++i) {
    sample(out, "landing_lead_time_to_take_seconds_bucket",
           "le=\"" + std::to_string(static_cast<int>(take_buckets_s[i])) + "\"",
           take_buckets_[i].load());
  }
  sample(out, "landing_lead_time_to_take_seconds_bucket", "le=\"+Inf\"", take_count_.load());
  sample(out, "landing_lead_time_to_take_seconds_sum", "",
         static_cast<double>(take_sum_ms_.load()) / 1e3);
  sample(out, "landing_lead_time_to_take_seconds_count", "", take_count_.load());
  return out;
}

}  // namespace landing::leads
