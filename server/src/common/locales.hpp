#pragma once

#include <string_view>

namespace landing {

// The site's languages. Every room that reads a locale (the pages, a lead's own field) agrees on
// these; the web build's locale list is the other copy, and the e2e suites visit both.
inline constexpr std::string_view default_locale = "ru";

constexpr bool is_supported_locale(std::string_view tag) { return tag == "en" || tag == "ru"; }

}  // namespace landing
