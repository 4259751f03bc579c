#pragma once

#include <atomic>
#include <chrono>
#include <string>
#include <utility>
#include <vector>

typedef void CURL;

namespace landing::webhook {

// What one POST came to.
struct answer {
  long status = 0;          // the HTTP status; 0 when no answer came
  std::string error_class;  // no answer: timeout, refused (the SSRF guard), connect, tls, dns,
                            // cancelled, error
  std::string error;        // no answer: what happened, for the operator
  std::string retry_after;  // the Retry-After header as sent, if any
  std::string body;         // the start of the answer's body (at most answer_max_bytes)
};

inline constexpr std::size_t answer_max_bytes = 1024;

struct client_options {
  std::chrono::milliseconds timeout{15000};
  bool allow_private = false;
};

// POSTs JSON over libcurl, one connection kept for reuse. Every new connection's address is
// checked by the SSRF guard (target.hpp) just before it is made, after the name is resolved,
// so a host name that resolves to a private address (or rebinds to one) is refused too.
// Redirects are not followed: a 3xx is an answer, and a failure. One instance per thread.
class client {
 public:
  explicit client(client_options options);
  client(const client&) = delete;
  client& operator=(const client&) = delete;
  ~client();

  answer post(const std::string& url,
              const std::vector<std::pair<std::string, std::string>>& headers,
              const std::string& body, const std::atomic<bool>& cancel);

 private:
  client_options options_;
  CURL* curl_;
};

}  // namespace landing::webhook
