#include "http/speculation.hpp"

namespace landing::http {
namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

}  // namespace

bool is_speculative_purpose(std::string_view sec_purpose) {
  while (!sec_purpose.empty()) {
    const auto comma = sec_purpose.find(',');
    const auto item = sec_purpose.substr(0, comma);
    // The item's bare token, before its parameters (";prerender").
    if (trimmed(item.substr(0, item.find(';'))) == "prefetch") return true;
    if (comma == std::string_view::npos) break;
    sec_purpose.remove_prefix(comma + 1);
  }
  return false;
}

bool is_speculative(const request& req) {
  return is_speculative_purpose(req.header("Sec-Purpose"));
}

}  // namespace landing::http
