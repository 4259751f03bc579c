#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "common/worker.hpp"
#include "delivery/channel.hpp"
#include "delivery/outbox.hpp"
#include "storage/settings.hpp"

namespace landing::delivery {

struct alert_options {
  // At most one alert per failed channel in this window; the leads it held back are counted in
  // the next one.
  std::chrono::milliseconds window{std::chrono::hours(1)};
};

// The studio hears, through its other channels, when one channel gives up on a lead or is
// turned off by its receiver: one line, not one per lead. The window is kept in the store's
// settings, so replicas and restarts share it. Alerts go out from a thread of their own, so the
// worker that gave up is not held by another channel's send.
class alerts {
 public:
  alerts(storage::settings_role& store, std::vector<channel*> channels, alert_options options);
  alerts(const alerts&) = delete;
  alerts& operator=(const alerts&) = delete;
  ~alerts() { stop(); }

  // From any worker's thread.
  void raise(const give_up& event);
  void stop();

 private:
  void run(worker::context& ctx);
  void handle(const give_up& event);

  storage::settings_role& store_;
  std::vector<channel*> channels_;
  alert_options options_;
  std::mutex mutex_;
  std::deque<give_up> queue_;
  std::atomic<bool> stopping_{false};
  worker thread_;  // last: stopped before the members it reads go
};

// The alert's line, in Russian as the chat's other lines are: «Webhook: заявка 01J… не
// доставлена после 10 попыток (HTTP 500)», with how many more leads failed since the last alert.
std::string alert_text(const give_up& event, std::int64_t more);

}  // namespace landing::delivery
