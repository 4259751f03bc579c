#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace landing::site {

// Percent-decodes a request path for lookup in the site. Refuses (nullopt) anything that could
// name a file outside it or smuggle a separator: "..", "." segments, encoded slashes or
// backslashes, NUL and other control bytes, bad escapes. The site is a map in memory, so this
// is defence in depth, and it keeps odd paths from reaching the redirect logic.
std::optional<std::string> decode_path(std::string_view raw);

}  // namespace landing::site
