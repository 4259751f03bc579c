#include "http/headers.hpp"

namespace landing::http {

std::string content_security_policy_with(const std::vector<std::string>& script_sources) {
  std::string policy(content_security_policy);
  constexpr std::string_view scripts = "script-src 'self'";
  auto at = policy.find(scripts) + scripts.size();
  for (const auto& source : script_sources) {
    policy.insert(at, " " + source);
    at += source.size() + 1;
  }
  return policy;
}

std::string security_header_block(bool hsts, std::string_view csp) {
  std::string block;
  const auto line = [&](std::string_view name, std::string_view value) {
    block += name;
    block += ": ";
    block += value;
    block += "\r\n";
  };
  line("Content-Security-Policy", csp);
  line("X-Content-Type-Options", "nosniff");
  line("Referrer-Policy", "strict-origin-when-cross-origin");
  line("Cross-Origin-Opener-Policy", "same-origin");
  line("Cross-Origin-Resource-Policy", "same-origin");
  line("Permissions-Policy", permissions_policy);
  line("X-Frame-Options", "DENY");
  if (hsts) line("Strict-Transport-Security", hsts_value);
  return block;
}

}  // namespace landing::http
