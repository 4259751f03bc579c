#include "attribution/source.hpp"

#include <algorithm>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <limits>

#include "common/characters.hpp"
#include "common/form_decode.hpp"
#include "common/locales.hpp"
#include "common/utf8.hpp"

namespace landing::attribution {
namespace {

// The text members in the contract's order, so to_json and the checks walk them the same way.
struct text_member {
  std::string_view key;
  std::string source::*member;
};
constexpr std::array<text_member, 6> text_members{{
    {"utm_source", &source::utm_source},
    {"utm_medium", &source::utm_medium},
    {"utm_campaign", &source::utm_campaign},
    {"utm_term", &source::utm_term},
    {"utm_content", &source::utm_content},
    {"ref", &source::ref},
}};
struct click_member {
  std::string_view key;
  bool source::*member;
};
constexpr std::array<click_member, 3> click_members{{
    {"gclid", &source::gclid},
    {"yclid", &source::yclid},
    {"fbclid", &source::fbclid},
}};

constexpr std::int64_t max_safe_integer = (std::int64_t{1} << 53) - 1;

// A value fit to be stored and shown on one line: printable text with something visible in it,
// no line break (U+2028 and U+2029 are no controls, yet start a line in the chat) and no
// noncharacter (U+FFFF makes the digest's SVG invalid XML).
bool printable(const std::u32string& text) {
  for (const char32_t c : text) {
    if (characters::is_refused_in_line(c)) return false;
  }
  return characters::has_visible(text);
}

std::optional<drop_reason> check_text(const boost::json::value& value) {
  if (!value.is_string()) return drop_reason::bad_type;
  const auto decoded = utf8::decode(value.as_string());
  if (!decoded || !printable(*decoded)) return drop_reason::invalid_text;
  if (decoded->size() > max_value_length) return drop_reason::too_long;
  return std::nullopt;
}

bool is_label_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

// Dot-separated labels of lowercase letters, digits and inner hyphens (browsers give
// URL.hostname lowercased and in punycode).
bool is_host(std::string_view host) {
  if (host.empty() || host.size() > 253) return false;
  while (true) {
    const auto dot = host.find('.');
    const auto label = host.substr(0, dot);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') {
      return false;
    }
    for (const char c : label) {
      if (!is_label_char(c)) return false;
    }
    if (dot == std::string_view::npos) return true;
    host.remove_prefix(dot + 1);
  }
}

bool is_landing(std::string_view path) {
  if (path.empty() || path.front() != '/') return false;
  if (path.find_first_of("?#") != std::string_view::npos) return false;
  const auto decoded = utf8::decode(path);
  return decoded && decoded->size() <= max_value_length && printable(*decoded);
}

std::optional<std::int64_t> whole_ms(const boost::json::value& value) {
  if (value.is_int64()) {
    const auto n = value.as_int64();
    if (n >= 0 && n <= max_safe_integer) return n;
  } else if (value.is_uint64()) {
    if (value.as_uint64() <= static_cast<std::uint64_t>(max_safe_integer)) {
      return static_cast<std::int64_t>(value.as_uint64());
    }
  } else if (value.is_double()) {
    // JSON has one number type: 1790000000000.0 is a whole number of milliseconds too.
    const double d = value.as_double();
    if (d >= 0 && d <= static_cast<double>(max_safe_integer) &&
        d == static_cast<double>(static_cast<std::int64_t>(d))) {
      return static_cast<std::int64_t>(d);
    }
  }
  return std::nullopt;
}

// JavaScript's String.prototype.trim, as the page applies it to a tag.
std::u32string trimmed(const std::u32string& text) {
  std::size_t first = 0;
  std::size_t last = text.size();
  while (first < last && characters::is_js_space(text[first])) ++first;
  while (last > first && characters::is_js_space(text[last - 1])) --last;
  return text.substr(first, last - first);
}

// A tag as the page keeps it: trimmed, cut to max_value_length, and absent when that leaves it
// empty, not printable or with nothing visible (a cut can remove the visible part).
std::optional<std::string> captured(std::string_view raw) {
  const auto decoded = utf8::decode(raw);
  if (!decoded) return std::nullopt;
  auto kept = trimmed(*decoded);
  if (kept.size() > max_value_length) kept = trimmed(kept.substr(0, max_value_length));
  if (kept.empty() || !printable(kept)) return std::nullopt;
  return first_code_points(kept, max_value_length);
}

}  // namespace

std::string first_code_points(const std::u32string& text, std::size_t count) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < count; ++i) out += utf8::encode(text[i]);
  return out;
}

std::string_view label(drop_reason reason) {
  switch (reason) {
    case drop_reason::bad_type:
      return "bad_type";
    case drop_reason::unknown_key:
      return "unknown_key";
    case drop_reason::invalid_text:
      return "invalid_text";
    case drop_reason::too_long:
      return "too_long";
    case drop_reason::bad_host:
      return "bad_host";
    case drop_reason::bad_landing:
      return "bad_landing";
    case drop_reason::bad_locale:
      return "bad_locale";
    case drop_reason::bad_time:
      return "bad_time";
  }
  return "bad_type";
}

std::variant<source, drop_reason> parse(const boost::json::value& value) {
  if (!value.is_object()) return drop_reason::bad_type;
  source out;
  for (const auto& entry : value.as_object()) {
    // Named, not bound: a lambda cannot capture a structured binding under clang 14.
    const std::string_view key = entry.key();
    const auto& item = entry.value();
    const auto text = std::find_if(text_members.begin(), text_members.end(),
                                   [&](const text_member& m) { return m.key == key; });
    const auto click = std::find_if(click_members.begin(), click_members.end(),
                                    [&](const click_member& m) { return m.key == key; });
    if (text != text_members.end()) {
      if (const auto failed = check_text(item)) return *failed;
      out.*(text->member) = std::string(item.as_string());
    } else if (click != click_members.end()) {
      if (!item.is_bool()) return drop_reason::bad_type;
      out.*(click->member) = item.as_bool();
    } else if (key == "referrer") {
      if (!item.is_string()) return drop_reason::bad_type;
      if (!is_host(item.as_string())) return drop_reason::bad_host;
      out.referrer = std::string(item.as_string());
    } else if (key == "landing") {
      if (!item.is_string()) return drop_reason::bad_type;
      if (!is_landing(item.as_string())) return drop_reason::bad_landing;
      out.landing = std::string(item.as_string());
    } else if (key == "locale") {
      if (!item.is_string()) return drop_reason::bad_type;
      if (!is_supported_locale(item.as_string())) return drop_reason::bad_locale;
      out.locale = std::string(item.as_string());
    } else if (key == "at") {
      out.at = whole_ms(item);
      if (!out.at) return drop_reason::bad_time;
    } else {
      return drop_reason::unknown_key;
    }
  }
  return out;
}

std::string to_json(const source& item) {
  boost::json::object out;
  for (const auto& m : text_members) {
    if (!(item.*(m.member)).empty()) out[m.key] = item.*(m.member);
  }
  for (const auto& m : click_members) {
    if (item.*(m.member)) out[m.key] = true;
  }
  if (!item.referrer.empty()) out["referrer"] = item.referrer;
  if (!item.landing.empty()) out["landing"] = item.landing;
  if (!item.locale.empty()) out["locale"] = item.locale;
  if (item.at) out["at"] = *item.at;
  return boost::json::serialize(out);
}

std::optional<source> from_json(std::string_view text) {
  if (text.empty()) return std::nullopt;
  boost::system::error_code ec;
  const auto value = boost::json::parse(text, ec);
  if (ec) return std::nullopt;
  auto parsed = parse(value);
  if (auto* item = std::get_if<source>(&parsed)) return std::move(*item);
  return std::nullopt;
}

std::optional<source> from_query(std::string_view query) {
  source out;
  bool found = false;
  // The first value of a repeated tag is the one, as URLSearchParams.get gives the page.
  std::array<bool, text_members.size()> seen{};
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    const auto eq = pair.find('=');
    const auto key = url_decode(pair.substr(0, eq));
    const auto value = url_decode(eq == std::string_view::npos ? "" : pair.substr(eq + 1));
    for (std::size_t i = 0; i < text_members.size(); ++i) {
      if (key != text_members[i].key || seen[i]) continue;
      seen[i] = true;
      if (auto kept = captured(value)) {
        out.*(text_members[i].member) = std::move(*kept);
        found = true;
      }
    }
    for (const auto& m : click_members) {
      if (key == m.key) {
        out.*(m.member) = true;
        found = true;
      }
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  if (!found) return std::nullopt;
  return out;
}

}  // namespace landing::attribution
