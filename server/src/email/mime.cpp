#include "email/mime.hpp"

#include "common/base64.hpp"
#include "common/characters.hpp"
#include "common/utf8.hpp"

namespace landing::email {
namespace {

constexpr char32_t replacement = 0xFFFD;

// The next code point, taken off the front; a byte that starts no well-formed sequence is taken
// alone as U+FFFD, so the text that comes out is valid UTF-8 whatever came in.
char32_t take(std::string_view& text) {
  const auto length = utf8::sequence_at(text);
  if (length == 0) {
    text.remove_prefix(1);
    return replacement;
  }
  const auto code = utf8::decode(text.substr(0, length));
  text.remove_prefix(length);
  return code ? code->front() : replacement;
}

constexpr std::string_view word_start = "=?UTF-8?B?";
constexpr std::string_view word_end = "?=";
// Base64 gives 4 characters for 3 bytes: the bytes of text that fill a word.
constexpr std::size_t word_text_bytes =
    (encoded_word_max - word_start.size() - word_end.size()) / 4 * 3;

}  // namespace

std::string one_line(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    const auto code = take(text);
    if (characters::is_control(code) || characters::is_js_space(code)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += utf8::encode(code);
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::vector<std::string> encoded_words(std::string_view utf8) {
  std::vector<std::string> out;
  while (!utf8.empty()) {
    auto piece = utf8::cut(utf8, word_text_bytes);
    // Only a run of stray continuation bytes cuts to nothing; they go one at a time.
    if (piece.empty()) piece = utf8.substr(0, 1);
    // A word ends after a space when it holds one: a reader that (against RFC 2047 6.2) keeps
    // the space between two encoded words, as Python's address parser does, then shows it
    // beside a space of the text rather than inside a word of it.
    if (const auto space = piece.rfind(' ');
        piece.size() < utf8.size() && space != std::string_view::npos && space > 0) {
      piece = piece.substr(0, space + 1);
    }
    out.push_back(std::string(word_start).append(base64_encode(piece)).append(word_end));
    utf8.remove_prefix(piece.size());
  }
  return out;
}

std::string fold(std::string_view name, const std::vector<std::string>& pieces) {
  std::string out(name);
  out += ':';
  std::size_t line = out.size();
  for (const auto& piece : pieces) {
    // Each line gets a piece after its space, so no line is bare space (which some parsers
    // take for the end of the header section).
    if (line + 1 + piece.size() > header_line_max) {
      out += "\r\n";
      line = 0;
    }
    out.append(" ").append(piece);
    line += 1 + piece.size();
  }
  return out;
}

std::string canonical_text(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 16);
  while (!text.empty()) {
    if (text.front() == '\r' || text.front() == '\n') {
      const bool pair = text.starts_with("\r\n");
      text.remove_prefix(pair ? 2 : 1);
      out += "\r\n";
      continue;
    }
    const auto code = take(text);
    const bool shown = code == '\t' || !characters::is_control(code);
    out += utf8::encode(shown ? code : replacement);
  }
  return out;
}

std::string base64_lines(std::string_view bytes) {
  const auto encoded = base64_encode(bytes);
  std::string out;
  out.reserve(encoded.size() + encoded.size() / base64_line_max * 2 + 2);
  for (std::size_t at = 0; at < encoded.size(); at += base64_line_max) {
    out.append(encoded, at, base64_line_max).append("\r\n");
  }
  return out;
}

}  // namespace landing::email
