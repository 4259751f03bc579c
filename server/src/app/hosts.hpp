#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace landing::app {

// Which Host names the server answers for. A page fetched under any other name (DNS rebinding
// points an attacker's name at this server) gets a redirect to the canonical origin, and the API
// a 421, so no script on another origin can post a lead through a browser that believes it
// talks to its own site.
class host_policy {
 public:
  host_policy() = default;
  // entries: "mintline.dev" (any port), "127.0.0.1:8080" (that port only), "*" (any host).
  // origin: where pages on other hosts are redirected, such as "https://mintline.dev"; empty
  // for no redirect (421 then).
  host_policy(const std::vector<std::string>& entries, std::string origin);

  [[nodiscard]] bool allows(std::string_view host) const;
  [[nodiscard]] const std::string& origin() const { return origin_; }
  [[nodiscard]] const std::vector<std::string>& entries() const { return entries_; }

 private:
  std::vector<std::string> entries_;
  // Each entry taken apart once: name and port, the port empty for any.
  std::vector<std::pair<std::string, std::string>> parsed_;
  std::string origin_;
  bool any_ = false;
};

// The host part of an origin such as "https://mintline.dev:8443" ("mintline.dev:8443").
std::string host_of_origin(std::string_view origin);

// The entries used when --host is not given: the origin's host, and the names a browser on this
// machine uses for the listening port (127.0.0.1, localhost, [::1], and the listen address).
std::vector<std::string> default_hosts(std::string_view origin, std::string_view listen_host,
                                       unsigned short port);

}  // namespace landing::app
