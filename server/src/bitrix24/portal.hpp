#pragma once

#include <atomic>
#include <boost/json/value.hpp>
#include <mutex>
#include <string>
#include <string_view>

#include "outbound/client.hpp"

// A Bitrix24 portal reached through an incoming webhook: https://<portal>/rest/<user>/<code>/.
// The code in that URL is the secret (it acts as the user who made the webhook), so the URL is
// never logged, shown or put in an error: what the operator reads names the portal's host only.
namespace landing::bitrix24 {

struct webhook_url {
  std::string base;   // ends with '/', a method name is appended to it
  std::string host;   // for the operator's eyes
  std::string error;  // the URL's problem, without the URL (it holds the secret)
};

// The webhook's URL as Bitrix24 shows it, checked: https (http only with the private flag), the
// path /rest/<user id>/<code>/. A URL copied with a method at its end (…/profile.json, as the
// portal's own example shows it) is taken without it.
webhook_url parse_webhook_url(std::string_view text, const outbound::reach& allowed);

// One method call's outcome, classified by the error code in the body (error-codes.md: the body
// says, not the status).
struct reply {
  long status = 0;              // 0: no answer (transport)
  std::string transport;        // no answer: timeout, connect, refused, tls, dns, cancelled, error
  std::string transport_error;  // no answer: what happened
  std::string error;            // the body's `error` code, e.g. QUERY_LIMIT_EXCEEDED; "" if none
  std::string description;      // the body's `error_description`
  bool failed = false;          // the body holds `error` (or is not the JSON of a result)
  boost::json::value result;    // the body's `result` when it succeeded
  std::string retry_after;      // a Retry-After header, if any
};

class portal {
 public:
  portal(webhook_url url, outbound::client_options http);

  // POSTs `params` as JSON to <base><method>. Throws nothing. `once`: a call that changes the
  // CRM (an add, a delete), made on a fresh connection so that libcurl never repeats it.
  reply call(std::string_view method, const boost::json::object& params,
             const std::atomic<bool>& cancel, bool once = false);

  [[nodiscard]] const std::string& host() const { return url_.host; }

 private:
  webhook_url url_;
  // The worker's sends and the alerts' come from two threads; one curl handle serves both.
  std::mutex http_mutex_;
  outbound::client http_;
};

}  // namespace landing::bitrix24
