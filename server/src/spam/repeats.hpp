#pragma once

#include <cstdint>
#include <string>
#include <string_view>

// The same message from several addresses in a day is a campaign, not a client: the third
// address's lead and later ones are filed as spam without a chat message (leads/writer.cpp asks
// the store who sent each key). A person who sends the same words twice is one address.
namespace landing::spam {

inline constexpr int repeat_addresses = 3;
inline constexpr std::int64_t repeat_window_ms = 24LL * 60 * 60 * 1000;

// What two messages share when a person would call them the same: their words (letters and
// digits) after NFKC and case folding, whatever the spaces, punctuation and symbols between them,
// as the hex SHA-256 of those words. Empty for a message of fewer than 16 such characters: short
// words ("call me back") repeat between honest people.
std::string message_key(std::string_view message);

}  // namespace landing::spam
