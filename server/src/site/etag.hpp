#pragma once

#include <string>
#include <string_view>

namespace landing::site {

// Strong ETag from the bytes (FNV-1a 64), stable across restarts so revalidation keeps working
// after a deploy of unchanged files. Each encoding gets its own tag, as RFC 9110 requires.
std::string make_etag(std::string_view data, std::string_view suffix = {});

// If-None-Match uses the weak comparison: W/ prefixes are ignored; "*" matches anything.
bool if_none_match_hits(std::string_view header, std::string_view etag);

}  // namespace landing::site
