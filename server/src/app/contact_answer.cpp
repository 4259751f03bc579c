#include "app/contact_answer.hpp"

#include <string>

#include "site/handler.hpp"

namespace landing::app {

using kind = leads::contact_outcome::kind;

http::response contact_answer(const site::site& files, const leads::contact_outcome& outcome,
                              std::string_view fallback_locale) {
  if (!outcome.form) return leads::json_answer(outcome);
  const std::string locale = outcome.locale.empty() ? std::string(fallback_locale) : outcome.locale;
  switch (outcome.what) {
    case kind::accepted: {
      http::response res;
      res.status = 303;
      res.set("Location", "/" + locale + "/thanks");
      res.set("Cache-Control", "no-store");
      return res;
    }
    case kind::invalid:
      // Refused for want of a proof of work (--proof-required-for-forms): no field can mend
      // that, so the page says how else to reach the studio.
      if (outcome.errors.contains("proof")) {
        return site::localized_page(files, locale, "form-needs-script", 422);
      }
      return site::localized_page(files, locale, "form-error", 422);
    case kind::rate_limited: {
      auto res = site::localized_page(files, locale, "form-error", 429);
      res.set("Retry-After", std::to_string(outcome.retry_after_s));
      return res;
    }
    case kind::unavailable: {
      // Nothing was stored: the page asks the visitor to send it again in a minute.
      auto res = site::localized_page(files, locale, "form-unavailable", 503);
      res.set("Retry-After", std::to_string(leads::unavailable_form_retry_after_s));
      return res;
    }
    default:
      return leads::json_answer(outcome);
  }
}

}  // namespace landing::app
