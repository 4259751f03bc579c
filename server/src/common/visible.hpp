#pragma once

#include <string>
#include <string_view>

namespace landing {

// Text from visitors (a selector, a source tag) as a report may write it: each control character
// (which could move the cursor, recolour or clear an operator's terminal), bidirectional control
// (which could make one value read as another) and line break (which could start a row of its
// own) becomes a visible \uXXXX escape, and so does a noncharacter (which XML cannot hold: a
// value stored before intake refused them must not break an SVG or a report), as \u{XXXXX}
// past U+FFFF; invalid UTF-8 becomes \xNN first. `keep` names the
// characters left as they are (tab and line feed, where the text is markup around them).
std::string visible(std::string_view text, std::u32string_view keep = {});

}  // namespace landing
