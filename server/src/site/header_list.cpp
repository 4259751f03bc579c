#include "site/header_list.hpp"

#include <string>

namespace landing::site {

std::string_view trim_ows(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

double quality_of(std::string_view params) {
  const auto q = params.find("q=");
  if (q == std::string_view::npos) return 1.0;
  try {
    return std::stod(std::string(params.substr(q + 2)));
  } catch (...) {
    return 0.0;
  }
}

}  // namespace landing::site
