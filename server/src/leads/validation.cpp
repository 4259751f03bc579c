#include "leads/validation.hpp"

#include <optional>
#include <vector>

#include "common/utf8.hpp"

namespace landing::leads {
namespace {

bool is_js_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x3000 || c == 0xFEFF;
}

bool is_control(char32_t c) { return c <= 0x1F || (c >= 0x7F && c <= 0x9F); }

std::u32string trim(const std::u32string& text) {
  std::size_t first = 0;
  std::size_t last = text.size();
  while (first < last && is_js_space(text[first])) ++first;
  while (last > first && is_js_space(text[last - 1])) --last;
  return text.substr(first, last - first);
}

// ^\S+@\S+\.\S+$ without a regex engine: no space anywhere, an @ after at least one character,
// then a dot with at least one character on each side.
bool looks_like_email(const std::u32string& text) {
  for (const char32_t c : text) {
    if (is_js_space(c)) return false;
  }
  const auto at = text.find(U'@', 1);
  if (at == std::u32string::npos) return false;
  for (std::size_t dot = at + 2; dot + 1 < text.size(); ++dot) {
    if (text[dot] == U'.') return true;
  }
  return false;
}

struct rule {
  std::size_t min_exclusive;  // length must be greater than this
  std::size_t max;
  bool allow_line_breaks;
};

bool has_visible(const std::u32string& text) {
  for (const char32_t c : text) {
    if (!is_js_space(c) && !is_default_ignorable(c)) return true;
  }
  return false;
}

std::optional<std::string> check(std::string_view raw, const rule& r, bool email) {
  const auto decoded = utf8::decode(raw);
  if (!decoded) return "invalid";
  const auto value = trim(*decoded);
  for (const char32_t c : value) {
    const bool allowed = r.allow_line_breaks && (c == U'\n' || c == U'\r' || c == U'\t');
    if ((is_control(c) && !allowed) || is_bidi_control(c)) return "invalid";
  }
  // Zero-width characters alone show nothing, yet would pass the length checks.
  if (!value.empty() && !has_visible(value)) return "invalid";
  if (value.size() <= r.min_exclusive && !email) return "too_short";
  if (value.size() > r.max) return "too_long";
  if (email && !looks_like_email(value)) return "invalid";
  return std::nullopt;
}

bool is_line_break(char32_t c) { return c == U'\n' || c == U'\r' || c == 0x2028 || c == 0x2029; }

// One line break is LF whatever the visitor's system sent (CRLF, a lone CR, U+2028, U+2029); a
// line of only spaces or invisible characters counts as blank, and at most two blank lines stay
// in a row, so no run of empty lines can push the real contact block out of sight.
std::u32string normalize_lines(const std::u32string& text) {
  std::vector<std::u32string> lines(1);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!is_line_break(text[i])) {
      lines.back() += text[i];
      continue;
    }
    if (text[i] == U'\r' && i + 1 < text.size() && text[i + 1] == U'\n') ++i;
    lines.emplace_back();
  }
  std::u32string out;
  int blank_run = 0;
  bool started = false;
  for (const auto& line : lines) {
    if (!has_visible(line)) {
      ++blank_run;
      continue;
    }
    if (started)
      out.append(static_cast<std::size_t>(std::min(blank_run, max_blank_lines)) + 1, U'\n');
    blank_run = 0;
    started = true;
    out += line;
  }
  return out;
}

std::string encode(const std::u32string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char32_t c : text) out += utf8::encode(c);
  return out;
}

}  // namespace

bool is_bidi_control(char32_t c) {
  return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2066 && c <= 0x2069);
}

bool is_default_ignorable(char32_t c) {
  // Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): characters that render
  // as nothing at all, which JavaScript's \p{Default_Ignorable_Code_Point} also matches.
  return c == 0x00AD || c == 0x034F || c == 0x061C || c == 0x115F || c == 0x1160 || c == 0x17B4 ||
         c == 0x17B5 || (c >= 0x180B && c <= 0x180F) || (c >= 0x200B && c <= 0x200F) ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2060 && c <= 0x206F) || c == 0x3164 ||
         (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF || c == 0xFFA0 ||
         (c >= 0xFFF0 && c <= 0xFFF8) || (c >= 0x1BCA0 && c <= 0x1BCA3) ||
         (c >= 0x1D173 && c <= 0x1D17A) || (c >= 0xE0000 && c <= 0xE0FFF);
}

std::string trim_js(std::string_view text) {
  const auto decoded = utf8::decode(text);
  if (!decoded) return std::string(text);
  return encode(trim(*decoded));
}

field_errors validate(const contact_fields& fields) {
  field_errors errors;
  const auto record = [&](const char* field, std::optional<std::string> error) {
    if (error) errors.emplace(field, std::move(*error));
  };
  record("name", check(fields.name, {1, name_max, false}, false));
  record("social", check(fields.social, {3, social_max, false}, false));
  record("email", check(fields.email, {0, email_max, false}, true));
  record("message", check(fields.message, {1, message_max, true}, false));
  return errors;
}

contact_fields normalize(const contact_fields& fields) {
  contact_fields out{trim_js(fields.name), trim_js(fields.social), trim_js(fields.email), {}};
  const auto message = utf8::decode(fields.message);
  out.message = message ? encode(normalize_lines(trim(*message))) : fields.message;
  return out;
}

}  // namespace landing::leads
