#pragma once

#include <string>
#include <string_view>

namespace landing {

// Text made safe inside HTML elements and quoted attribute values: & < > " ' as references,
// invalid UTF-8 as \xNN, and control characters (other than tab and line feed), bidirectional
// controls and line separators as visible \uXXXX escapes (common/visible.hpp). The reports'
// selectors and source tags come from visitors, so they are attacker-controlled.
std::string escape_html(std::string_view text);

}  // namespace landing
