#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

// UTF-8 for text that arrives from outside (visitors, request lines, Telegram's answers).
namespace landing::utf8 {

// Strict decoding: overlong forms, surrogates, values past U+10FFFF and cut sequences are
// refused with nullopt.
std::optional<std::u32string> decode(std::string_view text);

// Byte length of the well-formed sequence at the start of `text`, or 0 when it is not one.
std::size_t sequence_at(std::string_view text);

// The text as valid UTF-8 that a log line or a JSON answer can carry: well-formed sequences stay,
// each byte that is not part of one becomes the four characters \xNN.
std::string printable(std::string_view bytes);

// At most `max_bytes` of a valid UTF-8 text, cut at a code point boundary.
std::string_view cut(std::string_view text, std::size_t max_bytes);

std::string encode(char32_t code);

}  // namespace landing::utf8
