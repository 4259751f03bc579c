#include "delivery/metrics.hpp"

#include "common/prometheus.hpp"

namespace landing::delivery {
namespace {

constexpr std::array<const char*, 4> outcome_names{"delivered", "retry", "failed", "disabled"};

std::string label(const std::string& channel, const char* key, const char* value) {
  return "channel=\"" + channel + "\"," + key + "=\"" + value + "\"";
}

}  // namespace

std::string render_channels(const std::vector<const channel_metrics*>& channels,
                            const std::vector<storage::channel_figures>& figures,
                            std::int64_t now_ms) {
  using prometheus::sample;
  using prometheus::type;
  std::string out;
  type(out, "landing_channel_attempts_total", "counter");
  for (const auto* item : channels) {
    for (std::size_t i = 0; i < outcome_names.size(); ++i) {
      sample(out, "landing_channel_attempts_total",
             label(item->channel(), "outcome", outcome_names[i]),
             item->attempts(static_cast<attempt_result::kind>(i)));
    }
  }
  type(out, "landing_channel_leads", "gauge");
  for (const auto& row : figures) {
    sample(out, "landing_channel_leads", label(row.channel, "status", "pending"), row.pending);
    sample(out, "landing_channel_leads", label(row.channel, "status", "delivered"), row.delivered);
    sample(out, "landing_channel_leads", label(row.channel, "status", "failed"), row.failed);
    sample(out, "landing_channel_leads", label(row.channel, "status", "disabled"), row.disabled);
  }
  type(out, "landing_channel_oldest_pending_seconds", "gauge");
  for (const auto& row : figures) {
    const double age =
        row.oldest_pending_at ? static_cast<double>(now_ms - row.oldest_pending_at) / 1000.0 : 0;
    sample(out, "landing_channel_oldest_pending_seconds", "channel=\"" + row.channel + "\"", age);
  }
  return out;
}

}  // namespace landing::delivery
