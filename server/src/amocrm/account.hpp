#pragma once

#include <atomic>
#include <boost/json/value.hpp>
#include <mutex>
#include <string>
#include <string_view>

#include "outbound/client.hpp"

// An amoCRM (Kommo) account reached with a private integration's long-lived token
// (developers.kommo.com, "Long-lived token"): https://<subdomain>.amocrm.ru or .kommo.com, every
// call with `Authorization: Bearer <token>`. The token is the secret: never logged or shown.
namespace landing::amocrm {

struct account_url {
  std::string base;   // scheme://host[:port], no trailing slash
  std::string host;   // for the operator's eyes
  std::string error;  // the URL's problem
};

// The account's address as the studio knows it: https://studio.amocrm.ru, or just
// studio.amocrm.ru / studio.kommo.com (https is then assumed). A path is not taken.
account_url parse_account_url(std::string_view text, const outbound::reach& allowed);

// One call's outcome. Errors are application/problem+json (developers.kommo.com/docs/http-codes):
// `detail` and, for a 400, the validation errors' paths and details in one line.
struct reply {
  long status = 0;              // 0: no answer (transport)
  std::string transport;        // no answer: timeout, connect, refused, tls, dns, cancelled, error
  std::string transport_error;  // no answer: what happened
  std::string detail;           // an error's words: detail, title, or the validation errors
  boost::json::value body;      // the JSON body of a 2xx (null for a 204)
  std::string retry_after;      // a Retry-After header, if any
};

class account {
 public:
  account(account_url url, std::string token, outbound::client_options http);

  // `path` starts with /api/v4/. `once`: a call that changes the CRM, on a fresh connection so
  // that libcurl never repeats it (outbound/client.hpp). Throws nothing.
  reply call(const std::string& method, const std::string& path, const std::string& json_body,
             const std::atomic<bool>& cancel, bool once = false);

  [[nodiscard]] const std::string& host() const { return url_.host; }

 private:
  account_url url_;
  std::string token_;
  // The worker's sends and the cleanup's come from two threads; one curl handle serves both.
  std::mutex http_mutex_;
  outbound::client http_;
};

}  // namespace landing::amocrm
