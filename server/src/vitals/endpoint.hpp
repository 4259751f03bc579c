#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "http/forwarded.hpp"
#include "http/request.hpp"
#include "http/response.hpp"
#include "vitals/counters.hpp"
#include "vitals/intake.hpp"

namespace landing::vitals {

// POST /api/vitals (contract/vitals-beacon.json), or POST /api/funnel
// (contract/funnel-beacon.json) for an endpoint of kind funnel. The I/O thread answers what costs
// nothing to decide: 403 cross-site, 415 another body type, 413 over the contract's size, 429
// over the client's own limit (separate from leads', shared by both beacons). The intake's
// low-priority thread parses the rest: 400 with a code for a beacon outside the contract, 503
// when a queue is full, else 204. No answer waits for a write.
class endpoint {
 public:
  // admit: 0 when the client may send one more beacon now, else seconds until it may.
  endpoint(intake& checks, counters& stats, std::function<std::int64_t(const std::string&)> admit,
           std::vector<http::network> trusted_proxies, intake::kind what = intake::kind::vitals)
      : checks_(checks),
        stats_(stats),
        admit_(std::move(admit)),
        trusted_proxies_(std::move(trusted_proxies)),
        what_(what) {}

  // Calls done exactly once, on any thread; req is valid only during this call.
  void handle(const http::request& req, std::function<void(http::response)> done);

  // GET /api/funnel/noscript?d=mobile|desktop: the landing page's <noscript> image, the arrival
  // of a visit without JavaScript. Its locale is the page's (the Referer's path: same-origin
  // requests carry the whole URL under the site's Referrer-Policy), its class the page URL's
  // tags as a form post's lead has them, else `unknown`. Nothing is counted under Global Privacy
  // Control or Do Not Track (Sec-GPC, DNT) or past the client's share; the image comes back
  // all the same, so the page looks no different.
  http::response noscript_arrival(const http::request& req);

 private:
  http::response refuse(unsigned status, std::string_view code);

  intake& checks_;
  counters& stats_;
  std::function<std::int64_t(const std::string&)> admit_;
  std::vector<http::network> trusted_proxies_;
  intake::kind what_;
};

// A 1×1 transparent GIF, never cached.
http::response transparent_pixel();

// application/json, or text/plain (what sendBeacon sends for a string), with any parameters.
bool is_beacon_media_type(std::string_view content_type);

}  // namespace landing::vitals
