#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "http/forwarded.hpp"
#include "http/response.hpp"
#include "leads/consent.hpp"
#include "leads/metrics.hpp"
#include "leads/rate_limit.hpp"
#include "leads/validation.hpp"
#include "leads/writer.hpp"
#include "spam/proof_gate.hpp"

namespace landing::leads {

// What became of one POST /api/contact. The endpoint decides; the answer's form (JSON for the
// page's script, a page for the form posted without JavaScript) is the caller's.
struct contact_outcome {
  enum class kind {
    accepted,           // stored, durable: 202, or the thanks page
    invalid,            // fields refused: 422 with each field's code, or the form's error page
    malformed,          // not JSON at all: 400
    rate_limited,       // this client sent too many: 429 with Retry-After
    cross_site,         // posted by another site's page: 403
    unsupported_media,  // neither JSON nor a form: 415
    unavailable,        // the store cannot take it now: 503
  };
  kind what = kind::unavailable;
  bool form = false;   // posted by the page's own form, without JavaScript
  std::string locale;  // the lead's language; empty when the posted one is not the site's
  field_errors errors;
  std::string id;                  // accepted: the lead's id
  std::int64_t retry_after_s = 0;  // rate_limited
};

// A lead the store could not take (no primary while the database fails over, a full disk): the
// page's script tries once more after this (web/src/sections/contact/contactApi.ts); the
// script-free form's page asks the visitor to send again in a minute.
inline constexpr std::int64_t unavailable_retry_after_s = 5;
inline constexpr std::int64_t unavailable_form_retry_after_s = 60;

// POST /api/contact (contract/api-contact.md). Everything up to the write is decided on the
// calling thread; the outcome waits for the writer's commit, so `accepted` means durable.
class contact_endpoint {
 public:
  // trusted_proxies: whose X-Forwarded-For names the client (http::client_address).
  // consent: which locales must consent, and to which versions of the document.
  // proofs: which leads need a proof of work, and whose key signs it. The forms a client may send
  // without one (no JavaScript) are limited by the writer, with the other limits of its batch.
  contact_endpoint(lead_writer& writer, lead_metrics& stats,
                   std::vector<http::network> trusted_proxies, consent_policy consent,
                   spam::proof_gate& proofs)
      : writer_(writer),
        stats_(stats),
        trusted_proxies_(std::move(trusted_proxies)),
        consent_(std::move(consent)),
        proofs_(proofs) {}

  // Calls done exactly once, on any thread; req is valid only during this call.
  void handle(const http::request& req, std::function<void(contact_outcome)> done);

 private:
  lead_writer& writer_;
  lead_metrics& stats_;
  std::vector<http::network> trusted_proxies_;
  consent_policy consent_;
  spam::proof_gate& proofs_;
};

// The JSON API's answer to an outcome (contract/api-contact.md).
http::response json_answer(const contact_outcome& outcome);
http::response errors_response(const field_errors& errors);

}  // namespace landing::leads
