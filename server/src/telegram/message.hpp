#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "storage/lead.hpp"

namespace landing::telegram {

// sendMessage refuses longer texts. Telegram counts UTF-16 code units, so we do too.
inline constexpr std::size_t max_message_units = 4096;
inline constexpr std::string_view cut_marker = "\n[…сообщение обрезано]";

// Every line the visitor wrote starts with this in the chat, so nothing in a message can pass for
// the contact block or the lead id that the server writes (an empty line gets the bar alone).
inline constexpr std::string_view quote_mark = "│ ";

// The spec's Russian layout (contract/telegram-message.json) plus the lead id, with the visitor's
// message quoted; a too-long text loses the end of the message, never the header, contacts or id.
std::string format_message(const storage::contact_fields& fields, std::string_view id);

// Each line of `message` behind quote_mark.
std::string quote(std::string_view message);

std::size_t utf16_units(std::string_view utf8);

}  // namespace landing::telegram
