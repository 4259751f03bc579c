#include "http/same_origin.hpp"

#include <algorithm>
#include <cctype>

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

bool is_this_origins_page(const request& req, std::string_view url) {
  const auto host = req.header("Host");
  if (host.empty()) return false;
  for (const std::string_view scheme : {"http://", "https://"}) {
    if (!url.starts_with(scheme)) continue;
    const auto rest = url.substr(scheme.size());
    const auto authority = rest.substr(0, rest.find_first_of("/?#"));
    return authority.size() == host.size() &&
           std::equal(authority.begin(), authority.end(), host.begin(), [](char a, char b) {
             return std::tolower(static_cast<unsigned char>(a)) ==
                    std::tolower(static_cast<unsigned char>(b));
           });
  }
  return false;
}

}  // namespace landing::http
