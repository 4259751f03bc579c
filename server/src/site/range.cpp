#include "site/range.hpp"

#include <charconv>

namespace landing::site {
namespace {

bool parse_number(std::string_view text, std::size_t& out) {
  if (text.empty()) return false;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end;
}

}  // namespace

range_result parse_range(std::string_view header, std::size_t size) {
  if (!header.starts_with("bytes=")) return {};
  header.remove_prefix(6);
  if (header.find(',') != std::string_view::npos) return {};
  const auto dash = header.find('-');
  if (dash == std::string_view::npos) return {};
  const auto first_text = header.substr(0, dash);
  const auto last_text = header.substr(dash + 1);
  std::size_t first = 0;
  std::size_t last = 0;
  if (first_text.empty()) {
    // "bytes=-N": the last N bytes.
    if (!parse_number(last_text, last)) return {};
    if (last == 0 || size == 0) return {range_result::unsatisfiable};
    const std::size_t length = last < size ? last : size;
    return {range_result::partial, size - length, size - 1};
  }
  if (!parse_number(first_text, first)) return {};
  if (last_text.empty()) {
    last = size == 0 ? 0 : size - 1;
  } else if (!parse_number(last_text, last) || last < first) {
    return {};
  }
  if (first >= size) return {range_result::unsatisfiable};
  if (last >= size) last = size - 1;
  return {range_result::partial, first, last};
}

}  // namespace landing::site
