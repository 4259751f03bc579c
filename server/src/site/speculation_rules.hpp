#pragma once

#include <string_view>

namespace landing::site {

// The site's speculation rules, which the web build writes (web/scripts/speculation-rules.mjs):
// the pages a browser may prepare before the visitor opens them. Every page names them in a
// Speculation-Rules header, and the file goes with the type browsers require of it, so the
// page's CSP needs no 'inline-speculation-rules'.
inline constexpr std::string_view speculation_rules_path = "/speculation-rules.json";
inline constexpr std::string_view speculation_rules_type = "application/speculationrules+json";
// The header's value: a structured-field string list of one URL.
inline constexpr std::string_view speculation_rules_header = "\"/speculation-rules.json\"";
static_assert(speculation_rules_header.substr(1, speculation_rules_header.size() - 2) ==
              speculation_rules_path);

}  // namespace landing::site
