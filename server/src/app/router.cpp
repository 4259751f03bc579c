#include "app/router.hpp"

#include "app/contact_answer.hpp"
#include "app/database_metrics.hpp"
#include "common/clock.hpp"
#include "http/forwarded.hpp"
#include "http/speculation.hpp"
#include "site/handler.hpp"
#include "site/locale.hpp"

namespace landing::app {
namespace {

http::response method_not_allowed(std::string_view allow) {
  auto res = http::text_response(405, "text/plain; charset=utf-8", "Method Not Allowed\n");
  res.set("Allow", std::string(allow));
  return res;
}

}  // namespace

route classify(const http::request& req) {
  const auto path = req.path();
  if (path == "/api/contact") return route::contact;
  if (path == "/api/challenge") return route::challenge;
  if (path == "/api/vitals") return route::vitals;
  if (path == "/api/funnel" || path == "/api/funnel/noscript") return route::funnel;
  if (path == "/api/telegram/webhook") return route::telegram;
  if (path == "/healthz") return route::healthz;
  if (path == "/metrics") return route::metrics;
  if (path.starts_with("/api/")) return route::other;
  return route::site;
}

bool router::misdirected(const http::request& req) const {
  // Probes and scrapers ask by address (Caddy's health checks, Prometheus): they are answered
  // under any name, and say nothing a rebinding attacker could use.
  const auto which = classify(req);
  if (which == route::healthz || which == route::metrics) return false;
  // An HTTP/1.0 request may come without Host (the HTTP layer refuses an empty one from 1.1); no
  // browser sends one.
  const auto host = req.header("Host");
  return !host.empty() && !parts_.hosts.allows(host);
}

http::response router::redirect_to_origin(const http::request& req) const {
  const bool page = classify(req) == route::site && (req.method == "GET" || req.method == "HEAD");
  if (!page || parts_.hosts.origin().empty() || !req.target.starts_with('/')) {
    return http::json_response(421, R"({"error":"misdirected"})");
  }
  http::response res;
  res.status = 308;
  res.set("Location", parts_.hosts.origin() + std::string(req.target));
  res.set("Cache-Control", "no-store");
  return res;
}

std::size_t router::body_limit(std::string_view target) const {
  http::request target_only;
  target_only.target = target;
  // An update carries the lead's whole message back (up to 4096 characters, maybe escaped).
  if (classify(target_only) == route::telegram && parts_.webhook)
    return http::limits::largest_body_bytes;
  return http::limits::body_bytes;
}

bool router::is_async(const http::request& req) const {
  if (misdirected(req)) return false;
  const auto which = classify(req);
  if (req.method == "GET") return which == route::challenge && parts_.challenges;
  if (req.method != "POST") return false;
  return (which == route::contact && parts_.contact) || (which == route::vitals && parts_.vitals) ||
         (which == route::funnel && parts_.funnel && req.path() == "/api/funnel") ||
         (which == route::telegram && parts_.webhook);
}

void router::handle_async(const http::request& req, std::function<void(http::response)> done) {
  if (classify(req) == route::challenge) return parts_.challenges->handle(req, std::move(done));
  if (classify(req) == route::vitals) return parts_.vitals->handle(req, std::move(done));
  if (classify(req) == route::funnel) return parts_.funnel->handle(req, std::move(done));
  if (classify(req) == route::telegram) return parts_.webhook->handle(req, std::move(done));
  // Worked out now, while the request is there: the answer may come from the writer's thread.
  std::string fallback_locale(
      site::negotiate_locale(req.header("Cookie"), req.header("Accept-Language")));
  parts_.contact->handle(req, [files = parts_.files, fallback = std::move(fallback_locale),
                               done = std::move(done)](const leads::contact_outcome& outcome) {
    done(contact_answer(*files, outcome, fallback));
  });
}

http::response router::handle(const http::request& req) {
  if (misdirected(req)) return redirect_to_origin(req);
  const bool readable = req.method == "GET" || req.method == "HEAD";
  switch (classify(req)) {
    case route::healthz:
      // The detail is the operator's, asked on this machine (deploy/update, Caddy's own
      // checks, a scraper beside it); a visitor, directly or through the front, learns only
      // whether the replica is ready.
      if (readable && parts_.health) {
        return http::is_direct_from_this_machine(req) ? parts_.health->healthz()
                                                      : parts_.health->readiness();
      }
      break;
    case route::metrics:
      if (readable && !http::is_direct_from_this_machine(req)) {
        return http::json_response(404, R"({"error":"not_found"})");
      }
      if (readable && parts_.health) {
        auto page = parts_.requests->render() + parts_.lead_stats->render(parts_.health->gauges());
        page += delivery::render_channels(parts_.channels, parts_.health->channel_figures(),
                                          clock::now_ms());
        if (parts_.vitals_stats) page += parts_.vitals_stats->render();
        if (parts_.proof_stats) page += spam::render(*parts_.proof_stats);
        if (const auto db = parts_.health->database())
          page += render_database(*db, clock::now_ms());
        return http::text_response(200, "text/plain; version=0.0.4; charset=utf-8", page);
      }
      break;
    case route::site:
      if (!readable) break;
      // Answered as the real one; counted apart, so an operator sees how much the browsers
      // prepare ahead of visitors (the speculation rules, web/scripts/speculation-rules.mjs).
      if (http::is_speculative(req)) {
        parts_.requests->site_requests_ahead.fetch_add(1, std::memory_order_relaxed);
      }
      return site::serve_site(*parts_.files, req);
    case route::contact:
      return method_not_allowed("POST");
    case route::challenge:
      if (!parts_.challenges) return http::json_response(404, R"({"error":"not_found"})");
      return method_not_allowed("GET");
    case route::vitals:
      if (!parts_.vitals) return http::json_response(404, R"({"error":"not_found"})");
      return method_not_allowed("POST");
    case route::funnel:
      if (!parts_.funnel) return http::json_response(404, R"({"error":"not_found"})");
      if (req.path() == "/api/funnel") return method_not_allowed("POST");
      if (req.method == "GET") return parts_.funnel->noscript_arrival(req);
      return method_not_allowed("GET");
    case route::telegram:
      // Without a secret there is no webhook: updates come by getUpdates.
      if (!parts_.webhook) return http::json_response(404, R"({"error":"not_found"})");
      return method_not_allowed("POST");
    case route::other:
      return http::json_response(404, R"({"error":"not_found"})");
  }
  return method_not_allowed("GET, HEAD");
}

void router::answered(std::string_view target, unsigned status) {
  http::request target_only;
  target_only.target = target;
  parts_.requests->count_request(classify(target_only), status);
}

void router::draining() {
  if (parts_.health) parts_.health->set_draining();
}

void router::connection_refused() {
  parts_.requests->connections_refused.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace landing::app
