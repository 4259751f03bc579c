#pragma once

#include <cstdint>
#include <string>
#include <string_view>

// The same message from several addresses in a day is a campaign, not a client: the third
// address's lead and later ones are filed as spam without a chat message (leads/writer.cpp asks
// the store who sent each key). A person who sends the same words twice is one address, and so
// are the addresses of one IPv6 /64 (the client key of every per-client rule, leads::key_text).
namespace landing::spam {

inline constexpr int repeat_addresses = 3;
inline constexpr std::int64_t repeat_window_ms = 24LL * 60 * 60 * 1000;
// Letters and digits, counted as code points after folding, whatever the alphabet: "Нужен сайт"
// is 9 of them, as "Need a site" is 9; a byte count would make Cyrillic, Greek or Arabic words
// twice as long, and CJK three times.
inline constexpr std::size_t shortest_key_letters = 16;

// How many letters and digits (code points) the words of `message` hold after folding.
std::size_t word_letters(std::string_view message);

// What two messages share when a person would call them the same: their words (letters and
// digits) after NFKC and case folding, whatever the spaces, punctuation and symbols between them,
// as the hex HMAC-SHA-256 of those words under `secret` (the server's own, so a key in the
// database or a copy of it cannot confirm a guessed message). Empty for a message of fewer than
// shortest_key_letters such characters: short words ("call me back") repeat between honest
// people.
std::string message_key(std::string_view message, std::string_view secret);

}  // namespace landing::spam
