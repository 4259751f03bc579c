#include "http/date.hpp"

#include <array>
#include <cstdio>

namespace landing::http {

std::string http_date(std::time_t at) {
  // Spelled out rather than strftime's %a and %b, which follow the C locale.
  static constexpr std::array<const char*, 7> days = {"Sun", "Mon", "Tue", "Wed",
                                                      "Thu", "Fri", "Sat"};
  static constexpr std::array<const char*, 12> months = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  std::tm utc{};
  gmtime_r(&at, &utc);
  std::array<char, 32> text{};
  const int n = std::snprintf(text.data(), text.size(), "%s, %02d %s %04d %02d:%02d:%02d GMT",
                              days.at(static_cast<std::size_t>(utc.tm_wday)), utc.tm_mday,
                              months.at(static_cast<std::size_t>(utc.tm_mon)), utc.tm_year + 1900,
                              utc.tm_hour, utc.tm_min, utc.tm_sec);
  return {text.data(), n > 0 ? static_cast<std::size_t>(n) : 0};
}

std::string_view date_line() {
  thread_local std::time_t second = -1;
  thread_local std::string line;
  const std::time_t now = std::time(nullptr);
  if (now != second) {
    second = now;
    line = "Date: " + http_date(now) + "\r\n";
  }
  return line;
}

}  // namespace landing::http
