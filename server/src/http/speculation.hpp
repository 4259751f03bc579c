#pragma once

#include <string_view>

#include "http/request.hpp"

namespace landing::http {

// Whether the browser sent this request ahead of the visitor (Fetch's `Sec-Purpose: prefetch`,
// `prefetch;prerender` for a page prerendered by Speculation Rules and the requests that page
// makes, `prefetch;anonymous-client-ip`): it is answered as the real one would be, but a counter
// of visits, steps or speed must not count it, since the visitor may never see the page. The
// header is a structured-field list; any item whose token is `prefetch` says so.
bool is_speculative(const request& req);
bool is_speculative_purpose(std::string_view sec_purpose);

}  // namespace landing::http
