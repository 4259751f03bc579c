#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "leads/validation.hpp"

namespace landing::telegram {

// sendMessage refuses longer texts. Telegram counts UTF-16 code units, so we do too.
inline constexpr std::size_t max_message_units = 4096;
inline constexpr std::string_view cut_marker = "\n[…сообщение обрезано]";

// The spec's Russian layout (contract/telegram-message.json) plus the lead id; a too-long text
// loses the end of the visitor's message, never the header, contacts or id.
std::string format_message(const leads::contact_fields& fields, std::string_view id);

std::size_t utf16_units(std::string_view utf8);

}  // namespace landing::telegram
