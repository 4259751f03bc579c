#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

// The encodings a mail needs to carry any text safely (RFC 2045, 2047, 5322). These are plain
// string functions; address.hpp builds header values from them, so that no caller assembles a
// header line by hand.
namespace landing::email {

// RFC 2047 2 allows 75 characters a word and 76 a line that holds one; a word this short fits
// on a header's first line after the common field names (Subject, Reply-To).
inline constexpr std::size_t encoded_word_max = 60;
inline constexpr std::size_t header_line_max = 76;
// RFC 2045 6.8.
inline constexpr std::size_t base64_line_max = 76;

// Text for a header value: valid UTF-8 (a stray byte becomes U+FFFD), every control character
// and every kind of line or paragraph separator (CR, LF, NUL, NEL, U+2028...) a space, runs of
// spaces one space, no space at either end. Nothing in the result can end a header line.
std::string one_line(std::string_view text);

// One-line UTF-8 as RFC 2047 encoded words ("=?UTF-8?B?...?="), each at most encoded_word_max
// characters and each holding whole characters only (RFC 2047 5 forbids splitting one).
std::vector<std::string> encoded_words(std::string_view utf8);

// "Name: piece piece", folded with CRLF SP before a piece that would take its line past
// header_line_max (the first one too, after a long name). A piece is never split: a header value
// decides what its pieces are, and only a piece longer than a line makes a longer line.
std::string fold(std::string_view name, const std::vector<std::string>& pieces);

// A text/plain body's canonical form (RFC 2046 4.1.1): valid UTF-8, every line end (CRLF, a bare
// LF, a bare CR) as CRLF, and other control characters but tab as U+FFFD. sendmail 8.18 and
// others refuse a message with a bare LF.
std::string canonical_text(std::string_view text);

// Base64 in lines of base64_line_max characters each ended by CRLF (one line: base64_encode).
std::string base64_lines(std::string_view bytes);

}  // namespace landing::email
