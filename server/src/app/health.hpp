#pragma once

#include <atomic>
#include <boost/json/object.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/figures_pacing.hpp"
#include "common/worker.hpp"
#include "http/response.hpp"
#include "leads/metrics.hpp"
#include "storage/store.hpp"

namespace landing::app {

// GET /healthz and the store's gauges on /metrics. A thread of its own checks the store every
// `interval` (file, disk, a write probe after a failure, the outbox figures as figures_pacing
// allows) and publishes what it found; requests only read the latest finding, so they never wait on
// the disk or a lock.
class health_monitor {
 public:
  struct options {
    std::chrono::milliseconds interval{1000};
    // A finding older than this means the checks themselves are stuck: reported as a fault.
    std::chrono::milliseconds stale_after{10000};
    // The most of one core the outbox figures may take (see figures_pacing).
    double figures_share = 0.02;
    // What one read of the figures cost, given what was measured: the measurement itself unless
    // a test sets a fixed cost, which makes the pacing exact however fast the machine is.
    std::function<std::chrono::steady_clock::duration(std::chrono::steady_clock::duration)>
        read_cost = {};
  };

  // `channels`: the configured ones, which /healthz reports even before their first lead.
  health_monitor(storage::lead_store& store, std::vector<std::string> channels,
                 bool telegram_configured, std::function<std::size_t()> unrecorded_outcomes,
                 options opts);
  health_monitor(const health_monitor&) = delete;
  health_monitor& operator=(const health_monitor&) = delete;
  ~health_monitor();

  void stop();
  // Checks now instead of at the next tick (after a write failed, say).
  void wake();
  // The process is shutting down: /healthz answers 503 "draining" from now on, so a proxy's
  // health check sends new requests elsewhere while this one finishes its own.
  void set_draining() { draining_ = true; }
  // How the chat's updates arrive (telegram::update_status::report), for /healthz; set before
  // serving.
  void set_updates_report(std::function<boost::json::object()> report) {
    updates_report_ = std::move(report);
  }

  // The operator's view: the database, each channel, the outbox, the leader (docs/server.md).
  [[nodiscard]] http::response healthz() const;
  // Anyone else's: the same status code with {"status": ok, degraded or draining} alone, which
  // is all an uptime monitor needs and tells no one how many leads wait.
  [[nodiscard]] http::response readiness() const;
  // The lead path's gauges from the latest check, for /metrics.
  [[nodiscard]] leads::gauges gauges() const;
  // What the PostgreSQL engine saw of its server (none for SQLite), for /metrics.
  [[nodiscard]] std::optional<storage::database_figures> database() const;
  // Each channel's figures from the latest check, for /metrics.
  [[nodiscard]] std::vector<storage::channel_figures> channel_figures() const;

 private:
  struct finding {
    storage::health store;
    std::map<std::string, std::int64_t> by_status;
    std::map<std::string, std::string> disabled;  // configured channels turned off, with why
    std::size_t unrecorded = 0;
    std::int64_t checked_at = 0;   // unix ms
    std::int64_t figures_at = 0;   // unix ms: when store.channels and by_status were read
    std::int64_t fault_since = 0;  // unix ms; 0 while healthy
  };

  void run(worker::context& ctx);
  void check_once();
  [[nodiscard]] std::shared_ptr<const finding> latest() const;
  // What /healthz says of a finding at `at`: its status and code, the same in both views.
  struct verdict {
    const char* status;
    unsigned code;
  };
  [[nodiscard]] verdict judge(const finding& found, std::int64_t at) const;

  storage::lead_store& store_;
  std::vector<std::string> channels_;
  bool telegram_configured_;
  std::function<std::size_t()> unrecorded_outcomes_;
  std::function<boost::json::object()> updates_report_;
  options options_;
  figures_pacing pacing_{options_.figures_share};  // only the health thread uses it
  std::atomic<std::shared_ptr<const finding>> latest_;
  std::atomic<bool> draining_{false};
  worker thread_;  // last: stopped before the members it reads go
};

}  // namespace landing::app
