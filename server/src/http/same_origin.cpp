#include "http/same_origin.hpp"

namespace landing::http {

bool is_same_origin(const http::request& req) {
  const auto fetch_site = req.header("Sec-Fetch-Site");
  if (!fetch_site.empty() && fetch_site != "same-origin" && fetch_site != "none") return false;
  const auto origin = req.header("Origin");
  if (origin.empty()) return true;
  const auto host = req.header("Host");
  if (host.empty()) return false;
  for (const std::string_view scheme : {"http://", "https://"}) {
    if (origin.size() == scheme.size() + host.size() && origin.starts_with(scheme) &&
        origin.ends_with(host)) {
      return true;
    }
  }
  return false;
}

}  // namespace landing::http
