#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "http/forwarded.hpp"
#include "http/request.hpp"
#include "http/response.hpp"
#include "vitals/counters.hpp"
#include "vitals/recorder.hpp"

namespace landing::vitals {

// POST /api/vitals (contract/vitals-beacon.json). Decided on the calling thread without touching
// the store: a beacon is checked, counted and queued, and the answer never waits for a write.
// 403 cross-site, 415 another body type, 413 over 4 KiB, 429 over the client's own limit
// (separate from leads'), 400 with a code for a beacon outside the contract, 503 when the queue
// is full, else 204.
class endpoint {
 public:
  // admit: 0 when the client may send one more beacon now, else seconds until it may.
  endpoint(recorder& sink, counters& stats, std::function<std::int64_t(const std::string&)> admit,
           std::vector<http::network> trusted_proxies)
      : sink_(sink),
        stats_(stats),
        admit_(std::move(admit)),
        trusted_proxies_(std::move(trusted_proxies)) {}

  http::response handle(const http::request& req);

 private:
  http::response refuse(unsigned status, std::string_view code);

  recorder& sink_;
  counters& stats_;
  std::function<std::int64_t(const std::string&)> admit_;
  std::vector<http::network> trusted_proxies_;
};

// application/json, or text/plain (what sendBeacon sends for a string), with any parameters.
bool is_beacon_media_type(std::string_view content_type);

}  // namespace landing::vitals
