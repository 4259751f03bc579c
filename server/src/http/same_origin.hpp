#pragma once

#include <string_view>

#include "http/request.hpp"

namespace landing::http {

// Whether a request comes from a page of this origin (contract/api-contact.md): a browser's
// Sec-Fetch-Site or Origin must say so. Requests with neither header come from non-browser
// clients, which CSRF cannot forge. The API's POST endpoints accept nothing else.
bool is_same_origin(const request& req);

// Whether `url` (a Referer) is a page of the origin the request was sent to: "http://" or
// "https://" and exactly the Host header (ASCII case aside), then a path or nothing. A page of
// another site that posts to this one must not have its address's tags taken as our visitor's.
bool is_this_origins_page(const request& req, std::string_view url);

}  // namespace landing::http
