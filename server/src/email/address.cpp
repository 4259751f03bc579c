#include "email/address.hpp"

#include <algorithm>

namespace landing::email {
namespace {

constexpr std::size_t address_max = 254;  // RFC 5321 4.5.3.1.3, less the angle brackets
constexpr std::size_t local_max = 64;     // RFC 5321 4.5.3.1.1
constexpr std::size_t label_max = 63;     // RFC 1035 2.3.4

bool alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// RFC 5322 3.2.3.
bool atext(char c) {
  return alnum(c) || std::string_view("!#$%&'*+-/=?^_`{|}~").find(c) != std::string_view::npos;
}

// Dot-separated runs of `allowed`, none empty.
template <typename allowed_char>
bool dotted(std::string_view text, std::size_t run_max, allowed_char allowed) {
  std::size_t run = 0;
  for (const char c : text) {
    if (c == '.') {
      if (run == 0) return false;
      run = 0;
    } else if (allowed(c) && ++run <= run_max) {
      continue;
    } else {
      return false;
    }
  }
  return run > 0;
}

// Whether a one-line value can go as it is: words of `allowed` characters, none longer than an
// encoded word (so that any word folds within header_line_max), and no "=?" that a reader would
// take for the start of an encoded word.
template <typename allowed_char>
bool plain(const std::vector<std::string>& words, allowed_char allowed) {
  return std::all_of(words.begin(), words.end(), [&](const std::string& word) {
    return word.size() <= encoded_word_max && word.find("=?") == std::string::npos &&
           std::all_of(word.begin(), word.end(), allowed);
  });
}

bool printable(char c) { return c >= '!' && c <= '~'; }

std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (from < line.size()) {
    const auto end = std::min(line.find(' ', from), line.size());
    out.push_back(line.substr(from, end - from));
    from = end + 1;
  }
  return out;
}

// A msg-id's side as a dot-atom of letters, digits, '-' and '_' (a lead's id, a domain), never
// empty; anything else becomes '-', "=?" among it, which a careless reader would decode.
std::string id_part(std::string_view text, std::size_t max) {
  std::string out;
  for (const char c : text.substr(0, max)) {
    const bool dot_fits = c == '.' && !out.empty() && out.back() != '.';
    out += (alnum(c) || c == '_' || dot_fits) ? c : '-';
  }
  if (out.empty() || out.back() == '.') out += '-';
  return out;
}

}  // namespace

std::optional<mailbox> mailbox::parse(std::string_view text) {
  const auto at = text.rfind('@');
  if (at == std::string_view::npos || text.size() > address_max) return std::nullopt;
  const auto local = text.substr(0, at);
  const auto domain = text.substr(at + 1);
  const auto hostname = [](char c) { return alnum(c) || c == '-'; };
  // "=?" in the local part would read as an encoded word to a careless client.
  if (!dotted(local, local_max, atext) || local.find("=?") != std::string_view::npos ||
      !dotted(domain, label_max, hostname)) {
    return std::nullopt;
  }
  return mailbox(std::string(text));
}

std::string_view mailbox::domain() const {
  return std::string_view(address_).substr(address_.rfind('@') + 1);
}

header_text::header_text(std::vector<std::string> pieces) : pieces_(std::move(pieces)) {
  // The invariant every factory keeps, checked once more where it is made: a piece that could
  // end a line or join another would make a header from the value.
  for (const auto& piece : pieces_) {
    if (piece.empty() || !std::all_of(piece.begin(), piece.end(), printable)) {
      throw std::logic_error("a header piece outside printable ASCII");
    }
  }
}

header_text header_text::unstructured(std::string_view utf8) {
  const auto line = one_line(utf8);
  auto pieces = words(line);
  return header_text(plain(pieces, printable) ? std::move(pieces) : encoded_words(line));
}

header_text header_text::address(const mailbox& box) { return header_text({box.address()}); }

header_text header_text::addresses(const std::vector<mailbox>& boxes) {
  std::vector<std::string> pieces;
  for (const auto& box : boxes) {
    if (!pieces.empty()) pieces.back() += ',';
    pieces.push_back(box.address());
  }
  return header_text(std::move(pieces));
}

header_text header_text::named(std::string_view display_name, const mailbox& box) {
  const auto name = one_line(display_name);
  auto pieces = words(name);
  if (!plain(pieces, atext)) pieces = encoded_words(name);
  pieces.push_back(pieces.empty() ? box.address() : "<" + box.address() + ">");
  return header_text(std::move(pieces));
}

header_text header_text::message_id(std::string_view left, std::string_view right) {
  // Built with append: GCC 12's -O2 misreads the chain of operator+ as an overlapping copy.
  std::string id = "<";
  id.append(id_part(left, local_max)).append("@").append(id_part(right, address_max)).append(">");
  return header_text({std::move(id)});
}

std::string header_line(field_name name, const header_text& value) {
  return fold(name.text(), value.pieces()) + "\r\n";
}

}  // namespace landing::email
