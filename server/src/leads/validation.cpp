#include "leads/validation.hpp"

#include <optional>
#include <vector>

#include "common/characters.hpp"
#include "common/utf8.hpp"

namespace landing::leads {
namespace {

using characters::has_visible;
using characters::is_bidi_control;
using characters::is_control;
using characters::is_js_space;
using characters::is_line_break;

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

std::optional<std::string> check(std::string_view raw, const rule& r, bool email) {
  const auto decoded = utf8::decode(raw);
  if (!decoded) return "invalid";
  const auto value = trim(*decoded);
  for (const char32_t c : value) {
    // A message's line breaks become "\n" (normalize_lines); in a one-line field any of them,
    // U+2028 and U+2029 too, could draw a line of its own in the chat or the mail.
    const bool allowed = r.allow_line_breaks && (is_line_break(c) || c == U'\t');
    if (is_control(c) && !allowed) return "invalid";
    if (is_bidi_control(c) || (is_line_break(c) && !r.allow_line_breaks)) return "invalid";
    // Not text anyone typed, and XML (the digest's chart, the reports) cannot hold U+FFFE or
    // U+FFFF: refused here rather than written into every place the lead goes.
    if (characters::is_noncharacter(c)) return "invalid";
  }
  // Zero-width characters alone show nothing, yet would pass the length checks.
  if (!value.empty() && !has_visible(value)) return "invalid";
  if (value.size() <= r.min_exclusive && !email) return "too_short";
  if (value.size() > r.max) return "too_long";
  if (email && !looks_like_email(value)) return "invalid";
  return std::nullopt;
}

// One line break is LF whatever the visitor's system sent (CRLF, a lone CR, VT, FF, NEL,
// U+2028, U+2029); a line of only spaces or invisible characters counts as blank, and at most two
// blank lines stay in a row, so no run of empty lines can push the real contact block out of
// sight.
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
