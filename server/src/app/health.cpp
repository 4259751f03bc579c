#include "leads/health.hpp"

#include <boost/json/serialize.hpp>

#include "leads/ulid.hpp"

namespace landing::leads {

http::response health::healthz() {
  const std::lock_guard lock(mutex_);
  boost::json::object body;
  bool writable = true;
  try {
    store_.check_writable();
  } catch (const std::exception&) {
    writable = false;
  }
  body["status"] = writable ? "ok" : "degraded";
  body["database"] = writable ? "writable" : "unwritable";
  body["telegram"] = telegram_configured_ ? "configured" : "not_configured";
  try {
    const auto stats = store_.stats();
    const auto now = static_cast<std::int64_t>(now_ms());
    body["outbox_depth"] = stats.depth;
    // Whole milliseconds: Boost.JSON writes every double with an exponent ("0E0"), which is
    // valid but reads badly in an operator's terminal.
    body["oldest_pending_age_ms"] = stats.oldest_created_at ? now - stats.oldest_created_at : 0;
    if (stats.last_delivered_at) {
      body["last_delivery_age_ms"] = now - stats.last_delivered_at;
    } else {
      body["last_delivery_age_ms"] = nullptr;
    }
  } catch (const std::exception&) {
    writable = false;
  }
  return http::json_response(writable ? 200 : 503, boost::json::serialize(body));
}

http::response health::metrics_page(const http::metrics& stats) {
  outbox_stats outbox;
  {
    const std::lock_guard lock(mutex_);
    try {
      outbox = store_.stats();
    } catch (const std::exception&) {
      // The gauges read zero; /healthz reports the database problem.
    }
  }
  const auto now = static_cast<std::int64_t>(now_ms());
  const double oldest =
      outbox.oldest_created_at ? static_cast<double>(now - outbox.oldest_created_at) / 1000.0 : 0;
  return http::text_response(200, "text/plain; version=0.0.4; charset=utf-8",
                             stats.render(static_cast<std::uint64_t>(outbox.depth), oldest));
}

}  // namespace landing::leads
