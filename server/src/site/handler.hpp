#pragma once

#include "http/request.hpp"
#include "http/response.hpp"
#include "site/site.hpp"

namespace landing::site {

// GET and HEAD for everything that is not the API: files first (so /robots.txt works), then the
// localized pages, then a redirect for single segments, then a localized 404.
http::response serve_site(const site& files, const http::request& req);

// The localized page body of a form answer (/en/thanks.html, /ru/form-error.html...), or a
// short built-in text when the build lacks it.
http::response localized_page(const site& files, std::string_view locale, std::string_view name,
                              unsigned status);

}  // namespace landing::site
