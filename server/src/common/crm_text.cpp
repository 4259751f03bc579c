#include "common/crm_text.hpp"

#include <ctime>

namespace landing::crm_text {

bool phone_like(std::string_view text) {
  std::size_t digits = 0;
  for (const char c : text) {
    if (c >= '0' && c <= '9') {
      ++digits;
    } else if (c != '+' && c != ' ' && c != '-' && c != '(' && c != ')') {
      return false;
    }
  }
  return digits >= 7;
}

std::string utc_minute(std::int64_t unix_ms) {
  const std::time_t seconds = unix_ms / 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  const auto written = std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &utc);
  return {text, written};
}

}  // namespace landing::crm_text
