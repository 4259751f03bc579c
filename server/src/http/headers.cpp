#include "http/headers.hpp"

namespace landing::http {

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
