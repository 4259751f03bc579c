#pragma once

#include "http/request.hpp"

namespace landing::http {

// Whether a request comes from a page of this origin (contract/api-contact.md): a browser's
// Sec-Fetch-Site or Origin must say so. Requests with neither header come from non-browser
// clients, which CSRF cannot forge. The API's POST endpoints accept nothing else.
bool is_same_origin(const request& req);

}  // namespace landing::http
