#pragma once

#include <ctime>
#include <string>
#include <string_view>

namespace landing::http {

// RFC 9110 6.6.1: an origin server with a clock sends Date on every 2xx, 3xx and 4xx answer.
// Formatting a date per response would cost more than the rest of a 304's head, so each
// thread keeps the line for the current second and formats it again only when the second
// changes.

// IMF-fixdate, as in "Sun, 06 Nov 1994 08:49:37 GMT".
std::string http_date(std::time_t at);
// "Date: <IMF-fixdate of now>\r\n", valid until the calling thread asks again.
std::string_view date_line();

}  // namespace landing::http
