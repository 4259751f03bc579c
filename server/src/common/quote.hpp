#pragma once

#include <string>
#include <string_view>

// A visitor's message as the chat and the mail show it: each line behind a bar, so nothing in a
// message can pass for the contact block, the lead id or a header line the server writes.
namespace landing {

inline constexpr std::string_view quote_mark = "│ ";

// Each line of `message` (split at "\n", as messages are stored) behind quote_mark; an empty
// line gets the bar alone.
std::string quote(std::string_view message);

}  // namespace landing
