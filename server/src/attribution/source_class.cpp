#include <locale.h>

#include <algorithm>
#include <array>
#include <boost/json/object.hpp>
#include <clocale>
#include <cwctype>

#include "attribution/source.hpp"
#include "common/utf8.hpp"

// A source's class (what visits, the funnel and the report group by) and its line in the chat.
namespace landing::attribution {
namespace {

// Unicode simple lowercase through the C library's C.UTF-8 tables (always installed: libc-bin);
// ASCII only if that locale cannot be opened.
char32_t lower(char32_t c) {
  static const locale_t utf8_ctype = newlocale(LC_CTYPE_MASK, "C.UTF-8", locale_t{});
  if (utf8_ctype != locale_t{}) {
    return static_cast<char32_t>(towlower_l(static_cast<wint_t>(c), utf8_ctype));
  }
  return c >= U'A' && c <= U'Z' ? c + (U'a' - U'A') : c;
}

// The names the report and the digest give rows of their own; a visitor's tag that would take
// one could pass itself off as them (or as the whole), so it counts as `other`.
constexpr std::array<std::string_view, 4> reserved_classes{"total", direct_class, other_class,
                                                           unknown_class};

std::string unreserved(const std::string& name) {
  return std::find(reserved_classes.begin(), reserved_classes.end(), name) == reserved_classes.end()
             ? name
             : std::string(other_class);
}

}  // namespace

std::string class_of(const source& item) {
  if (!item.utm_source.empty()) {
    auto decoded = utf8::decode(item.utm_source).value_or(std::u32string{});
    for (auto& c : decoded) c = lower(c);
    return unreserved(first_code_points(decoded, max_class_length));
  }
  if (!item.referrer.empty()) {
    return unreserved(first_code_points(utf8::decode(item.referrer).value_or(std::u32string{}),
                                        max_class_length));
  }
  return std::string(direct_class);
}

std::string arrival_class(const boost::json::value& value) {
  const auto* object = value.if_object();
  const auto other_key = [](const auto& entry) {
    return entry.key() != "utm_source" && entry.key() != "referrer";
  };
  if (!object || std::any_of(object->begin(), object->end(), other_key)) {
    return std::string(other_class);
  }
  const auto checked = parse(value);
  const auto* kept = std::get_if<source>(&checked);
  return kept ? class_of(*kept) : std::string(other_class);
}

std::string telegram_line(const source& item) {
  std::string tags;
  for (const auto* value : {&item.utm_source, &item.utm_medium, &item.utm_campaign}) {
    if (value->empty()) continue;
    if (!tags.empty()) tags += " / ";
    tags += *value;
  }
  std::string line;
  const auto add = [&](std::string_view part) {
    if (!line.empty()) line += " · ";
    line += part;
  };
  if (!tags.empty()) add(tags);
  if (!item.referrer.empty()) add("с " + item.referrer);
  if (!item.ref.empty()) add("партнёр " + item.ref);
  if (line.empty()) line = "прямой заход";
  return "Источник: " + line;
}

}  // namespace landing::attribution
