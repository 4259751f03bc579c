#include "common/utf8.hpp"

namespace landing::utf8 {
namespace {

// Decodes one sequence; 0 bytes taken means malformed.
std::size_t decode_one(std::string_view text, char32_t& code) {
  const auto byte = static_cast<unsigned char>(text[0]);
  std::size_t length = 0;
  if (byte < 0x80) {
    code = byte;
    return 1;
  }
  if ((byte & 0xE0) == 0xC0) {
    length = 2;
    code = byte & 0x1F;
  } else if ((byte & 0xF0) == 0xE0) {
    length = 3;
    code = byte & 0x0F;
  } else if ((byte & 0xF8) == 0xF0) {
    length = 4;
    code = byte & 0x07;
  } else {
    return 0;
  }
  if (length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    const auto next = static_cast<unsigned char>(text[k]);
    if ((next & 0xC0) != 0x80) return 0;
    code = (code << 6) | (next & 0x3F);
  }
  constexpr char32_t minimum[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < minimum[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return length;
}

}  // namespace

std::optional<std::u32string> decode(std::string_view text) {
  std::u32string out;
  out.reserve(text.size());
  while (!text.empty()) {
    char32_t code = 0;
    const auto length = decode_one(text, code);
    if (length == 0) return std::nullopt;
    out += code;
    text.remove_prefix(length);
  }
  return out;
}

std::size_t sequence_at(std::string_view text) {
  if (text.empty()) return 0;
  char32_t ignored = 0;
  return decode_one(text, ignored);
}

std::string printable(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  while (!bytes.empty()) {
    const auto length = sequence_at(bytes);
    if (length > 0) {
      out.append(bytes.substr(0, length));
      bytes.remove_prefix(length);
      continue;
    }
    constexpr char digits[] = "0123456789abcdef";
    const auto byte = static_cast<unsigned char>(bytes.front());
    out += "\\x";
    out += digits[byte >> 4];
    out += digits[byte & 0xF];
    bytes.remove_prefix(1);
  }
  return out;
}

std::string_view cut(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t end = max_bytes;
  // Back off continuation bytes (10xxxxxx) to the start of the sequence they belong to.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

std::string encode(char32_t code) {
  std::string out;
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
  return out;
}

}  // namespace landing::utf8
