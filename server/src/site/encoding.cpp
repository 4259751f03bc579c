#include "site/encoding.hpp"

#include "site/header_list.hpp"

namespace landing::site {

encoding choose_encoding(std::string_view accept_encoding, bool have_br, bool have_gzip) {
  double br = -1;
  double gzip = -1;
  double any = -1;
  while (!accept_encoding.empty()) {
    const auto comma = accept_encoding.find(',');
    const auto item = trim_ows(accept_encoding.substr(0, comma));
    const auto semi = item.find(';');
    const auto name = trim_ows(item.substr(0, semi));
    const double q = semi == std::string_view::npos ? 1.0 : quality_of(item.substr(semi));
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
