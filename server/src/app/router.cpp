#include "http/app.hpp"
#include "site/handler.hpp"

namespace landing::http {

route classify(const request& req) {
  const auto path = req.path();
  if (path == "/api/contact") return route::contact;
  if (path == "/healthz") return route::healthz;
  if (path == "/metrics") return route::metrics;
  if (path.starts_with("/api/")) return route::other;
  return route::site;
}

response handle(const app& application, const request& req) {
  const bool readable = req.method == "GET" || req.method == "HEAD";
  switch (classify(req)) {
    case route::healthz:
      if (readable && application.healthz) return application.healthz();
      break;
    case route::metrics:
      if (readable && application.metrics_page) return application.metrics_page();
      break;
    case route::site:
      if (readable) return site::serve_site(*application.files, req);
      break;
    case route::contact: {
      auto res = json_response(405, R"({"error":"method_not_allowed"})");
      res.set("Allow", "POST");
      return res;
    }
    case route::other:
      return json_response(404, R"({"error":"not_found"})");
  }
  auto res = text_response(405, "text/plain; charset=utf-8", "Method Not Allowed\n");
  res.set("Allow", "GET, HEAD");
  return res;
}

}  // namespace landing::http
