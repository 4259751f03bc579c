#pragma once

#include <cstddef>
#include <string>

#include "digest/figures.hpp"

// The digest as the studio reads it in its chat: plain text in Russian (sent with no parse_mode,
// so a source tag cannot turn into markup), within one message.
namespace landing::digest {

// Sources listed by name; the rest are summed in one line.
inline constexpr std::size_t sources_listed = 10;

std::string message_text(const figures& f);

// "23–29 ноября 2026", "30 ноября – 6 декабря 2026", "27 ноября 2026".
std::string period_words(const period& p);

}  // namespace landing::digest
