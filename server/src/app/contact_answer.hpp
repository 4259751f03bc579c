#pragma once

#include <string_view>

#include "http/response.hpp"
#include "leads/contact_endpoint.hpp"
#include "site/site.hpp"

namespace landing::app {

// The answer to a contact outcome. The page's script gets JSON (contract/api-contact.md); the
// form posted without JavaScript gets pages in the lead's language, or in `fallback_locale` (the
// visitor's, from cookie and Accept-Language) when the posted one is not the site's: the thanks
// page by a 303, the form's error page for refused fields and for too many leads.
http::response contact_answer(const site::site& files, const leads::contact_outcome& outcome,
                              std::string_view fallback_locale);

}  // namespace landing::app
