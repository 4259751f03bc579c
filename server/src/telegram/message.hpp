#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "common/quote.hpp"
#include "storage/lead.hpp"

namespace landing::telegram {

// sendMessage refuses longer texts. Telegram counts UTF-16 code units, so we do too.
inline constexpr std::size_t max_message_units = 4096;
// Kept free at the end of each part for the status line an edit adds under the last one.
inline constexpr std::size_t status_room = 256;

// Every line the visitor wrote starts with quote_mark in the chat (common/quote.hpp).
using landing::quote;
using landing::quote_mark;

// The spec's Russian layout (contract/telegram-message.json) plus the lead id, with the visitor's
// message quoted, whole, and where the visitor came from when known (the stored source JSON;
// contract/lead-source.json gives the line), and a line for a lead taken without a proof of
// work.
std::string format_message(const storage::contact_fields& fields, std::string_view id,
                           std::string_view source = {}, bool unproven = false);

// `text` in parts of at most `limit` UTF-16 units, cut after a line where one ends in the second
// half of a part, else between code points. A quoted line cut in two goes on behind the quote
// mark, so a part never starts with the visitor's words bare.
std::vector<std::string> split_message(std::string_view text, std::size_t limit);

// The lead's message as sendMessage takes it: one part, or several when it is longer than one
// message may be (the buttons go on the last).
std::vector<std::string> message_parts(const storage::lead& item);

std::size_t utf16_units(std::string_view utf8);

}  // namespace landing::telegram
