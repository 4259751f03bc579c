#include "leads/contact_endpoint.hpp"

#include <boost/json/serialize.hpp>

#include "common/log.hpp"
#include "http/same_origin.hpp"
#include "leads/contact_request.hpp"
#include "site/handler.hpp"
#include "site/locale.hpp"

namespace landing::leads {

http::response errors_response(const field_errors& errors) {
  boost::json::object fields;
  for (const auto& [field, code] : errors) fields[field] = code;
  return http::json_response(422, boost::json::serialize(boost::json::object{{"errors", fields}}));
}

void contact_endpoint::handle(const http::request& req, std::function<void(http::response)> done) {
  if (!http::is_same_origin(req)) {
    stats_.leads_rejected.fetch_add(1, std::memory_order_relaxed);
    return done(http::error_response(403, "cross_site"));
  }
  const auto kind = kind_of(req.header("Content-Type"));
  if (kind == body_kind::unsupported)
    return done(http::error_response(415, "unsupported_media_type"));
  const bool form = kind == body_kind::form;
  auto parsed = form ? parse_form(req.body) : parse_json(req.body);
  if (parsed.malformed) {
    return done(http::json_response(400, R"({"errors":{"body":"invalid_json"}})"));
  }
  // Form answers are pages, so they need a language even when the posted one is bad.
  const std::string locale = site::is_supported_locale(parsed.locale)
                                 ? parsed.locale
                                 : std::string(site::negotiate_locale(
                                       req.header("Cookie"), req.header("Accept-Language")));
  if (!parsed.errors.empty()) {
    stats_.leads_rejected.fetch_add(1, std::memory_order_relaxed);
    return done(form ? site::localized_page(files_, locale, "form-error", 422)
                     : errors_response(parsed.errors));
  }
  auto client = http::client_address(req, trusted_proxies_);
  storage::new_lead item{normalize(parsed.fields), locale, std::move(client),
                         !parsed.website.empty()};
  const bool spam = item.spam;
  const auto masked = log::mask_email(item.fields.email);
  // The rate limit is asked by the writer, with the rest of its batch: when it is shared between
  // replicas, it is a database round trip, which has no place on an I/O thread.
  writer_.submit(std::move(item), [this, done = std::move(done), form, locale, spam,
                                   masked](lead_writer::outcome result) {
    if (result.what == lead_writer::outcome::rate_limited) {
      stats_.leads_rate_limited.fetch_add(1, std::memory_order_relaxed);
      auto res = form ? site::localized_page(files_, locale, "form-error", 429)
                      : http::error_response(429, "rate_limited");
      res.set("Retry-After", std::to_string(result.retry_after_s));
      return done(std::move(res));
    }
    if (result.what != lead_writer::outcome::stored) {
      return done(http::error_response(503, "unavailable"));
    }
    (spam ? stats_.leads_spam : stats_.leads_accepted).fetch_add(1, std::memory_order_relaxed);
    log::info(spam ? "lead_spam" : "lead_accepted",
              {{"id", result.id}, {"locale", locale}, {"email", masked}});
    if (form) {
      http::response res;
      res.status = 303;
      res.set("Location", "/" + locale + "/thanks");
      res.set("Cache-Control", "no-store");
      return done(std::move(res));
    }
    done(http::json_response(202, boost::json::serialize(boost::json::object{{"id", result.id}})));
  });
}

}  // namespace landing::leads
