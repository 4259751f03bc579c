#pragma once

#include <chrono>
#include <optional>
#include <string_view>

namespace landing {

// "45s", "30m", "2h", "1h30m", "90s": whole numbers each followed by s, m or h, largest unit
// first, each unit once. Nothing for anything else (no unit, "0" alone, spaces, overflow).
std::optional<std::chrono::milliseconds> parse_duration(std::string_view text);

}  // namespace landing
