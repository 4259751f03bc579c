#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace landing::http {

// A parsed request as handlers see it. The views point into the connection's buffers, which
// outlive the handler call; tests build one from string literals without any socket.
struct request {
  std::string_view method;
  std::string_view target;  // path and query as sent
  std::vector<std::pair<std::string_view, std::string_view>> headers;
  std::string_view body;
  std::string peer;  // remote address of the TCP connection

  // Case-insensitive header lookup; empty when absent.
  [[nodiscard]] std::string_view header(std::string_view name) const;
  [[nodiscard]] bool has_header(std::string_view name) const;
  [[nodiscard]] std::string_view path() const;
  [[nodiscard]] std::string_view query() const;
};

bool iequals(std::string_view a, std::string_view b);
// Without the optional white space (spaces and tabs) around a field value (RFC 9110 5.6.3).
std::string_view trim_ows(std::string_view text);
// A Content-Type's type/subtype, without parameters ("text/plain;charset=UTF-8" -> "text/plain").
std::string_view media_type(std::string_view content_type);

}  // namespace landing::http
