#include "app/database_metrics.hpp"

#include <algorithm>

#include "common/prometheus.hpp"

namespace landing::app {

std::string label_value(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

std::string render_database(const storage::database_figures& figures, std::int64_t now_ms) {
  using prometheus::sample;
  using prometheus::type;
  std::string out;
  type(out, "landing_database_reconnects_total", "counter");
  sample(out, "landing_database_reconnects_total", "", figures.reconnects);
  const auto ongoing =
      figures.unreachable_since ? std::max<std::int64_t>(0, now_ms - figures.unreachable_since) : 0;
  type(out, "landing_database_unreachable_seconds_total", "counter");
  sample(out, "landing_database_unreachable_seconds_total", "",
         static_cast<double>(figures.unreachable_ms + ongoing) / 1000.0);
  type(out, "landing_database_host_info", "gauge");
  sample(out, "landing_database_host_info", "host=\"" + label_value(figures.host) + "\"", 1);
  type(out, "landing_database_standby_info", "gauge");
  sample(out, "landing_database_standby_info",
         "standby=\"" + label_value(figures.standby.empty() ? "unknown" : figures.standby) + "\"",
         1);
  return out;
}

}  // namespace landing::app
