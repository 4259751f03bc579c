#include "leads/contact_endpoint.hpp"

#include <boost/json/serialize.hpp>

#include "common/clock.hpp"
#include "common/locales.hpp"
#include "common/log.hpp"
#include "http/same_origin.hpp"
#include "leads/contact_request.hpp"
#include "spam/repeats.hpp"

namespace landing::leads {

using kind = contact_outcome::kind;

http::response errors_response(const field_errors& errors) {
  boost::json::object fields;
  for (const auto& [field, code] : errors) fields[field] = code;
  return http::json_response(422, boost::json::serialize(boost::json::object{{"errors", fields}}));
}

http::response json_answer(const contact_outcome& outcome) {
  switch (outcome.what) {
    case kind::accepted:
      return http::json_response(202,
                                 boost::json::serialize(boost::json::object{{"id", outcome.id}}));
    case kind::invalid:
      return errors_response(outcome.errors);
    case kind::malformed:
      return http::json_response(400, R"({"errors":{"body":"invalid_json"}})");
    case kind::rate_limited: {
      auto res = http::error_response(429, "rate_limited");
      res.set("Retry-After", std::to_string(outcome.retry_after_s));
      return res;
    }
    case kind::cross_site:
      return http::error_response(403, "cross_site");
    case kind::unsupported_media:
      return http::error_response(415, "unsupported_media_type");
    case kind::unavailable:
      break;
  }
  auto res = http::error_response(503, "unavailable");
  res.set("Retry-After", std::to_string(unavailable_retry_after_s));
  return res;
}

void contact_endpoint::handle(const http::request& req, std::function<void(contact_outcome)> done) {
  contact_outcome out;
  if (!http::is_same_origin(req)) {
    stats_.leads_rejected.fetch_add(1, std::memory_order_relaxed);
    out.what = kind::cross_site;
    return done(std::move(out));
  }
  const auto body = kind_of(req.header("Content-Type"));
  if (body == body_kind::unsupported) {
    out.what = kind::unsupported_media;
    return done(std::move(out));
  }
  out.form = body == body_kind::form;
  auto parsed = out.form ? parse_form(req.body) : parse_json(req.body);
  if (parsed.malformed) {
    out.what = kind::malformed;
    return done(std::move(out));
  }
  if (is_supported_locale(parsed.locale)) out.locale = parsed.locale;
  if (!out.locale.empty()) {
    if (auto refused = consent_.check(out.locale, parsed.consent)) {
      parsed.errors.emplace("consent", std::move(*refused));
    }
  }
  // Asked even when a field is refused, so one answer names everything to mend; a valid proof
  // is spent only with a stored lead, so it still serves once the fields are right.
  const auto proof = proofs_.check(parsed.proof, out.form, clock::now_ms() / 1000);
  if (proof.refused) parsed.errors.emplace("proof", *proof.refused);
  if (!parsed.errors.empty()) {
    stats_.leads_rejected.fetch_add(1, std::memory_order_relaxed);
    out.what = kind::invalid;
    out.errors = std::move(parsed.errors);
    return done(std::move(out));
  }
  // A form post's source is the landing URL in its Referer, and only when that is a page of this
  // site: a Referer naming another site's page (a script may send any) is no visit of ours.
  if (out.form && http::is_this_origins_page(req, req.header("Referer"))) {
    parsed.source = source_from_referer(req.header("Referer"));
  }
  if (parsed.source_dropped) stats_.count_source_dropped(*parsed.source_dropped);
  auto client = http::client_address(req, trusted_proxies_);
  storage::new_lead item{normalize(parsed.fields), out.locale, std::move(client),
                         !parsed.website.empty()};
  item.consent_version = parsed.consent;
  item.proof_nonce = proof.nonce;
  item.proof_expires_at = proof.expires_at_ms;
  item.unproven = proof.unproven;
  item.message_key = spam::message_key(item.fields.message, proofs_.keys().repeats);
  if (parsed.source) {
    item.source = attribution::to_json(*parsed.source);
    item.source_class = attribution::class_of(*parsed.source);
  }
  const bool spam = item.spam;
  const bool proven = !proof.nonce.empty();
  const bool unproven = proof.unproven;
  // The rate limit is asked by the writer, with the rest of its batch: when it is shared between
  // replicas, it is a database round trip, which has no place on an I/O thread.
  writer_.submit(std::move(item), [this, done = std::move(done), out = std::move(out), spam, proven,
                                   unproven](lead_writer::outcome result) mutable {
    if (result.what == lead_writer::outcome::rate_limited) {
      stats_.leads_rate_limited.fetch_add(1, std::memory_order_relaxed);
      out.what = kind::rate_limited;
      out.retry_after_s = result.retry_after_s;
      return done(std::move(out));
    }
    if (result.what == lead_writer::outcome::proof_reused) {
      stats_.leads_rejected.fetch_add(1, std::memory_order_relaxed);
      proofs_.metrics().reused.fetch_add(1, std::memory_order_relaxed);
      out.what = kind::invalid;
      out.errors.emplace("proof", "reused");
      return done(std::move(out));
    }
    if (result.what != lead_writer::outcome::stored) {
      out.what = kind::unavailable;
      return done(std::move(out));
    }
    const bool filed = spam || result.repeated;
    if (result.repeated) stats_.leads_repeated.fetch_add(1, std::memory_order_relaxed);
    (filed ? stats_.leads_spam : stats_.leads_accepted).fetch_add(1, std::memory_order_relaxed);
    if (proven) proofs_.metrics().accepted.fetch_add(1, std::memory_order_relaxed);
    if (unproven) proofs_.metrics().unproven_forms.fetch_add(1, std::memory_order_relaxed);
    // The id and the locale only: names, e-mails, handles and messages never reach a log line.
    log::info(filed ? "lead_spam" : "lead_accepted", {{"id", result.id}, {"locale", out.locale}});
    out.what = kind::accepted;
    out.id = result.id;
    done(std::move(out));
  });
}

}  // namespace landing::leads
