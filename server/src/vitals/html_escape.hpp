#pragma once

#include <string>
#include <string_view>

namespace landing::vitals {

// Text made safe inside HTML elements and quoted attribute values: & < > " ' as references,
// invalid UTF-8 as \xNN and control characters (other than tab and line feed) as U+FFFD. The
// report's selectors come from visitors' browsers, so they are attacker-controlled.
std::string escape_html(std::string_view text);

}  // namespace landing::vitals
