#include "common/duration.hpp"

#include <charconv>
#include <cstdint>

namespace landing {

std::optional<std::chrono::milliseconds> parse_duration(std::string_view text) {
  if (text.empty()) return std::nullopt;
  std::int64_t total_s = 0;
  int last_rank = 4;  // h = 3, m = 2, s = 1: each unit after a larger one
  while (!text.empty()) {
    std::int64_t number = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ec != std::errc() || end == text.data() || end == text.data() + text.size()) {
      return std::nullopt;
    }
    const char unit = *end;
    const int rank = unit == 'h' ? 3 : unit == 'm' ? 2 : unit == 's' ? 1 : 0;
    if (rank == 0 || rank >= last_rank || number < 0) return std::nullopt;
    last_rank = rank;
    const std::int64_t scale = rank == 3 ? 3600 : rank == 2 ? 60 : 1;
    // A year at most: beyond that a reminder means nothing, and nothing overflows.
    if (number > 366LL * 24 * 3600 / scale) return std::nullopt;
    total_s += number * scale;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()) + 1);
  }
  if (total_s > 366LL * 24 * 3600) return std::nullopt;
  return std::chrono::seconds(total_s);
}

}  // namespace landing
