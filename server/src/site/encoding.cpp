#include "site/encoding.hpp"

#include <string>

namespace landing::site {
namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

double parse_quality(std::string_view params) {
  const auto q = params.find("q=");
  if (q == std::string_view::npos) return 1.0;
  try {
    return std::stod(std::string(params.substr(q + 2)));
  } catch (...) {
    return 0.0;
  }
}

}  // namespace

encoding choose_encoding(std::string_view accept_encoding, bool have_br, bool have_gzip) {
  double br = -1;
  double gzip = -1;
  double any = -1;
  while (!accept_encoding.empty()) {
    const auto comma = accept_encoding.find(',');
    const auto item = trim(accept_encoding.substr(0, comma));
    const auto semi = item.find(';');
    const auto name = trim(item.substr(0, semi));
    const double q = semi == std::string_view::npos ? 1.0 : parse_quality(item.substr(semi));
    if (name == "br") br = q;
    if (name == "gzip" || name == "x-gzip") gzip = q;
    if (name == "*") any = q;
    if (comma == std::string_view::npos) break;
    accept_encoding.remove_prefix(comma + 1);
  }
  if (br < 0) br = any;
  if (gzip < 0) gzip = any;
  if (have_br && br > 0 && (!have_gzip || br >= gzip)) return encoding::br;
  if (have_gzip && gzip > 0) return encoding::gzip;
  if (have_br && br > 0) return encoding::br;
  return encoding::identity;
}

}  // namespace landing::site
