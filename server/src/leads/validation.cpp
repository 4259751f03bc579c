#include "leads/validation.hpp"

#include <optional>
#include <vector>

namespace landing::leads {
namespace {

// Strict decoding: overlong forms, surrogates and values past U+10FFFF are refused.
std::optional<std::u32string> decode_utf8(std::string_view text) {
  std::u32string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    char32_t code = 0;
    if (byte < 0x80) {
      length = 1;
      code = byte;
    } else if ((byte & 0xE0) == 0xC0) {
      length = 2;
      code = byte & 0x1F;
    } else if ((byte & 0xF0) == 0xE0) {
      length = 3;
      code = byte & 0x0F;
    } else if ((byte & 0xF8) == 0xF0) {
      length = 4;
      code = byte & 0x07;
    } else {
      return std::nullopt;
    }
    if (i + length > text.size()) return std::nullopt;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return std::nullopt;
      code = (code << 6) | (next & 0x3F);
    }
    constexpr char32_t minimum[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < minimum[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
      return std::nullopt;
    }
    out += code;
    i += length;
  }
  return out;
}

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

std::optional<std::string> check(std::string_view raw, const rule& r, bool email) {
  const auto decoded = decode_utf8(raw);
  if (!decoded) return "invalid";
  const auto value = trim(*decoded);
  for (const char32_t c : value) {
    const bool allowed = r.allow_line_breaks && (c == U'\n' || c == U'\r' || c == U'\t');
    if (is_control(c) && !allowed) return "invalid";
  }
  if (value.size() <= r.min_exclusive && !email) return "too_short";
  if (value.size() > r.max) return "too_long";
  if (email && !looks_like_email(value)) return "invalid";
  return std::nullopt;
}

}  // namespace

std::string trim_js(std::string_view utf8) {
  const auto decoded = decode_utf8(utf8);
  if (!decoded) return std::string(utf8);
  std::size_t first = 0;
  std::size_t last = decoded->size();
  while (first < last && is_js_space((*decoded)[first])) ++first;
  while (last > first && is_js_space((*decoded)[last - 1])) --last;
  // Re-slice the original bytes: count the UTF-8 length of the trimmed prefix and suffix.
  const auto bytes_of = [](char32_t c) -> std::size_t {
    return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  };
  std::size_t begin = 0;
  for (std::size_t i = 0; i < first; ++i) begin += bytes_of((*decoded)[i]);
  std::size_t end = utf8.size();
  for (std::size_t i = last; i < decoded->size(); ++i) end -= bytes_of((*decoded)[i]);
  return std::string(utf8.substr(begin, end - begin));
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
  const auto message = trim_js(fields.message);
  out.message.reserve(message.size());
  for (std::size_t i = 0; i < message.size(); ++i) {
    if (message[i] == '\r' && i + 1 < message.size() && message[i + 1] == '\n') continue;
    out.message += message[i];
  }
  return out;
}

}  // namespace landing::leads
