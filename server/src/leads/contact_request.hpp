#pragma once

#include <string>
#include <string_view>

#include "http/request.hpp"
#include "leads/validation.hpp"

namespace landing::leads {

enum class body_kind { json, form, unsupported };

body_kind kind_of(std::string_view content_type);

// A contact post taken apart, before any decision about it.
struct contact_request {
  contact_fields fields;
  std::string locale;
  std::string website;     // the honeypot
  field_errors errors;     // validation, unknown fields and locale together
  bool malformed = false;  // JSON that is not an object
};

contact_request parse_json(std::string_view body);
contact_request parse_form(std::string_view body);

// Same-origin only (contract/api-contact.md): a browser's Sec-Fetch-Site or Origin must say so.
// Requests with neither header come from non-browser clients, which CSRF cannot forge.
bool is_same_origin(const http::request& req);

// The rate-limit key: the TCP peer, or with trust_proxy the address the proxy appended last
// to X-Forwarded-For (earlier entries are whatever the client claimed).
std::string client_address(const http::request& req, bool trust_proxy);

}  // namespace landing::leads
