#pragma once

#include <atomic>
#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "outbound/target.hpp"

typedef void CURL;

namespace landing::outbound {

// What one request came to.
struct answer {
  long status = 0;          // the HTTP status; 0 when no answer came
  std::string error_class;  // no answer: timeout, refused (the SSRF guard), connect, tls, dns,
                            // cancelled, error
  std::string error;        // no answer: what happened, for the operator
  std::string retry_after;  // the Retry-After header as sent, if any
  std::string body;         // the start of the answer's body (at most client_options.max_body)
};

struct client_options {
  std::chrono::milliseconds timeout{15000};
  reach allowed;
  // A webhook's answer is only logged, so its start is enough; a CRM's look-up is read whole.
  std::size_t max_body = 1024;
  std::string user_agent = "landing-server";
};

using header_list = std::vector<std::pair<std::string, std::string>>;

// Requests over libcurl, one connection kept for reuse. Every new connection's address is
// checked by the SSRF guard (target.hpp) just before it is made, after the name is resolved,
// so a host name that resolves to a private address (or rebinds to one) is refused too.
// Redirects are not followed: a 3xx is an answer, and a failure. One instance per thread.
class client {
 public:
  explicit client(client_options options);
  client(const client&) = delete;
  client& operator=(const client&) = delete;
  ~client();

  answer post(const std::string& url, const header_list& headers, const std::string& body,
              const std::atomic<bool>& cancel) {
    return request("POST", url, headers, body, cancel);
  }
  // GET, POST, PATCH or DELETE; a body only with POST and PATCH. `fresh`: on a new connection,
  // for a call that must not be made twice: libcurl sends a request again by itself when a
  // reused connection closes before any answer, and the receiver may have acted on the first.
  answer request(const std::string& method, const std::string& url, const header_list& headers,
                 const std::string& body, const std::atomic<bool>& cancel, bool fresh = false);

 private:
  client_options options_;
  CURL* curl_;
};

}  // namespace landing::outbound
