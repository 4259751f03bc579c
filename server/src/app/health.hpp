#pragma once

#include <mutex>
#include <string>

#include "http/metrics.hpp"
#include "http/response.hpp"
#include "leads/store.hpp"

namespace landing::leads {

// GET /healthz and the outbox gauges of /metrics, read through a connection of their own.
class health {
 public:
  health(const std::string& db_path, bool telegram_configured)
      : store_(db_path), telegram_configured_(telegram_configured) {}

  http::response healthz();
  http::response metrics_page(const http::metrics& stats);

 private:
  std::mutex mutex_;
  lead_store store_;
  bool telegram_configured_;
};

}  // namespace landing::leads
