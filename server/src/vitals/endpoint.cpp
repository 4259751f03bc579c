#include "vitals/endpoint.hpp"

#include "attribution/source.hpp"
#include "http/same_origin.hpp"
#include "http/speculation.hpp"

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
  // Sent by a page the browser prepared ahead of the visitor, who may never see it: answered as
  // a beacon is, counted nowhere (the page's own scripts wait for it to be shown).
  if (http::is_speculative(req)) {
    http::response res;
    res.status = 204;
    res.set("Cache-Control", "no-store");
    return done(std::move(res));
  }
  if (!is_beacon_media_type(req.header("Content-Type"))) {
    return done(refuse(415, "unsupported_media_type"));
  }
  const auto limit = what_ == intake::kind::funnel ? max_funnel_body_bytes : max_body_bytes;
  if (req.body.size() > limit) return done(refuse(413, "too_large"));
  // Before parsing, so a flood of bad beacons costs one lookup each, not a parse.
  auto client = http::client_address(req, trusted_proxies_);
  if (const auto wait = admit_(client); wait > 0) {
    auto res = refuse(429, "rate_limited");
    res.set("Retry-After", std::to_string(wait));
    return done(std::move(res));
  }
  checks_.submit(std::string(req.body), std::move(client), std::move(done), what_);
}

http::response transparent_pixel() {
  static constexpr unsigned char gif[] = {
      0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00,
      0x00, 0xff, 0xff, 0xff, 0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00,
      0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b};
  auto res = http::text_response(200, "image/gif",
                                 std::string(reinterpret_cast<const char*>(gif), sizeof gif));
  res.set("Cache-Control", "no-store");
  return res;
}

http::response endpoint::noscript_arrival(const http::request& req) {
  if (!http::is_same_origin(req)) return refuse(403, "cross_site");
  const auto query = req.query();
  const std::string_view device = query == "d=mobile"    ? "mobile"
                                  : query == "d=desktop" ? "desktop"
                                                         : "";
  if (device.empty()) return refuse(400, "device");
  if (req.header("Sec-GPC") == "1" || req.header("DNT") == "1") return transparent_pixel();
  if (http::is_speculative(req)) return transparent_pixel();  // a page not yet seen
  const auto referer = req.header("Referer");
  if (!http::is_this_origins_page(req, referer)) return refuse(400, "locale");
  // The page's path: after the scheme and host, up to the query.
  const auto after_scheme = referer.substr(referer.find("//") + 2);
  const auto slash = after_scheme.find('/');
  const auto page =
      slash == std::string_view::npos ? std::string_view() : after_scheme.substr(slash);
  const auto path = page.substr(0, page.find_first_of("?#"));
  // The first segment of the path, "/en" or "/en/...".
  const auto segment = path.substr(0, path.find('/', 1));
  std::string locale;
  for (const auto each : locales) {
    if (segment.size() == each.size() + 1 && segment.ends_with(each)) locale = std::string(each);
  }
  if (locale.empty()) return refuse(400, "locale");
  std::optional<attribution::source> tags;
  if (const auto mark = page.find('?'); mark != std::string_view::npos) {
    const auto rest = page.substr(mark + 1);
    tags = attribution::from_query(rest.substr(0, rest.find('#')));
  }
  const auto client = http::client_address(req, trusted_proxies_);
  if (const auto wait = admit_(client); wait > 0) {
    auto res = refuse(429, "rate_limited");
    res.set("Retry-After", std::to_string(wait));
    return res;
  }
  funnel_beacon arrival{
      locale,
      std::string(device),
      tags ? attribution::class_of(*tags) : std::string(attribution::unknown_class),
      {"arrived"}};
  const auto counted = checks_.take_funnel(std::move(arrival), client);
  return counted.status == 204 ? transparent_pixel() : counted;
}

}  // namespace landing::vitals
