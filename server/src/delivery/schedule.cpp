#include "delivery/schedule.hpp"

#include <algorithm>
#include <charconv>
#include <ctime>
#include <string>

namespace landing::delivery {
namespace {

constexpr std::int64_t min_wait_ms = 1000;
constexpr std::int64_t max_wait_ms = std::int64_t{24} * 3600 * 1000;

std::int64_t bounded(std::int64_t wait_ms) { return std::clamp(wait_ms, min_wait_ms, max_wait_ms); }

}  // namespace

std::optional<std::int64_t> retry_delay_ms(int attempt, std::mt19937_64& random) {
  if (attempt < 1 || attempt > static_cast<int>(retry_delays.size())) return std::nullopt;
  const auto base = static_cast<double>(
      std::chrono::duration_cast<std::chrono::milliseconds>(retry_delays[attempt - 1]).count());
  std::uniform_real_distribution<double> spread(1.0 - jitter, 1.0 + jitter);
  return static_cast<std::int64_t>(base * spread(random));
}

std::optional<std::int64_t> retry_after_ms(std::string_view value, std::int64_t now_ms) {
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
  if (value.empty()) return std::nullopt;
  if (value.find_first_not_of("0123456789") == std::string_view::npos) {
    std::int64_t seconds = 0;
    const auto [end, problem] = std::from_chars(value.data(), value.data() + value.size(), seconds);
    // Too many digits for a number: longer than a day anyway.
    if (problem == std::errc::result_out_of_range) return max_wait_ms;
    if (problem != std::errc() || end != value.data() + value.size()) return std::nullopt;
    return bounded(seconds > max_wait_ms / 1000 ? max_wait_ms : seconds * 1000);
  }
  // IMF-fixdate, the one form senders must use ("Sun, 06 Nov 1994 08:49:37 GMT").
  std::tm at{};
  const std::string text(value);
  const char* end = ::strptime(text.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &at);
  if (end == nullptr || *end != '\0') return std::nullopt;
  const auto when_ms = static_cast<std::int64_t>(::timegm(&at)) * 1000;
  return bounded(when_ms - now_ms);
}

}  // namespace landing::delivery
