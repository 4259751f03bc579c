#include "vitals/endpoint.hpp"

#include "http/same_origin.hpp"

namespace landing::vitals {
bool is_beacon_media_type(std::string_view content_type) {
  const auto media = http::media_type(content_type);
  return http::iequals(media, "application/json") || http::iequals(media, "text/plain");
}

http::response endpoint::refuse(unsigned status, std::string_view code) {
  stats_.rejected(code);
  return http::error_response(status, code);
}

void endpoint::handle(const http::request& req, std::function<void(http::response)> done) {
  if (!http::is_same_origin(req)) return done(refuse(403, "cross_site"));
  if (!is_beacon_media_type(req.header("Content-Type"))) {
    return done(refuse(415, "unsupported_media_type"));
  }
  if (req.body.size() > max_body_bytes) return done(refuse(413, "too_large"));
  // Before parsing, so a flood of bad beacons costs one lookup each, not a parse.
  auto client = http::client_address(req, trusted_proxies_);
  if (const auto wait = admit_(client); wait > 0) {
    auto res = refuse(429, "rate_limited");
    res.set("Retry-After", std::to_string(wait));
    return done(std::move(res));
  }
  checks_.submit(std::string(req.body), std::move(client), std::move(done));
}

}  // namespace landing::vitals
