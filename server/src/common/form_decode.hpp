#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace landing {

// One name or value of application/x-www-form-urlencoded text (a form post's body, a URL's query
// string): '+' is a space and %XX a byte. nullopt for a broken escape. The bytes are not checked
// as UTF-8 here; each caller's own rules do that.
std::optional<std::string> form_decode(std::string_view text);

// The same as the URL standard's application/x-www-form-urlencoded parser does it (what
// URLSearchParams gives a page): a '%' not followed by two hex digits stays as it is.
std::string url_decode(std::string_view text);

}  // namespace landing
