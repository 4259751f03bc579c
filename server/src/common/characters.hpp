#pragma once

#include <string>

// Character classes for text that arrives from visitors: the contact form's fields and a lead's
// source are checked by the same rules (contract/README.md), so they live here once.
namespace landing::characters {

// JavaScript's String.prototype.trim whitespace, so both sides agree on lengths.
bool is_js_space(char32_t c);

// C0 and C1 controls (U+0000–U+001F, U+007F–U+009F).
bool is_control(char32_t c);

// Unicode's Bidi_Control characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069),
// which can make text display in an order other than the one it was written in. Refused.
bool is_bidi_control(char32_t c);

// Every character Unicode counts as a mandatory line break (UAX #14 BK, CR, LF, NL): LF, VT, FF,
// CR, NEL, U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR. A one-line field holding one
// could draw a line of its own in the chat or the mail; a message turns each into "\n".
bool is_line_break(char32_t c);

// Unicode's 66 noncharacters: U+FDD0–U+FDEF and the last two code points of every plane
// (U+FFFE, U+FFFF, U+1FFFE … U+10FFFF). XML 1.0 forbids U+FFFE and U+FFFF outright (an SVG or a
// report holding one does not parse), and none of them is text a person typed.
bool is_noncharacter(char32_t c);

// What no one-line text from a visitor may hold, wherever it goes next (a chat, a mail, an SVG,
// a CSV, a report, a JSON payload): controls, bidirectional controls, line breaks and
// noncharacters. The form's fields, a lead's source and the beacons' texts are all checked by it.
bool is_refused_in_line(char32_t c);

// Unicode's Default_Ignorable_Code_Point: zero-width and other characters that render as
// nothing. A value made only of these (and spaces) is refused as invalid.
bool is_default_ignorable(char32_t c);

// Something in the text a reader would see: not only spaces and default-ignorable characters.
bool has_visible(const std::u32string& text);

}  // namespace landing::characters
