#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "email/mime.hpp"

// The values a mail's header is made of. Each type has one way in that checks or encodes what
// it is given, so a header built from a visitor's name or address can hold no line break and
// no second address: hostile input cannot add a header (a Bcc) or a recipient.
namespace landing::email {

// An addr-spec, local@domain, safe in a header and in an SMTP command: a dot-atom local part of
// at most 64 characters (letters, digits and !#$%&'*+-/=?^_`{|}~), a domain of letters, digits
// and hyphens in dot-separated labels, at most 254 characters in all. Quoted local parts,
// address literals and anything with a space, quote, angle bracket, comma, semicolon or control
// character are refused: a studio's or a visitor's real address needs none of them.
class mailbox {
 public:
  static std::optional<mailbox> parse(std::string_view text);
  [[nodiscard]] const std::string& address() const { return address_; }
  // The domain, for a Message-ID on the studio's own domain.
  [[nodiscard]] std::string_view domain() const;

 private:
  explicit mailbox(std::string address) : address_(std::move(address)) {}
  std::string address_;
};

// A header field's name, known when the program is compiled: `consteval` makes a name built at
// run time (from input) a compile error, and a name that breaks RFC 5322 2.2 one too.
class field_name {
 public:
  // Implicit on purpose: a field is added with its name written as a literal.
  consteval field_name(const char* name) : name_(name) {
    std::size_t length = 0;
    for (; name[length] != '\0'; ++length) {
      if (name[length] < '!' || name[length] > '~' || name[length] == ':') {
        throw std::logic_error("a field name is printable ASCII without a colon");
      }
    }
    if (length == 0 || length + 2 > header_line_max) throw std::logic_error("a name's length");
  }
  [[nodiscard]] constexpr std::string_view text() const { return name_; }

 private:
  const char* name_;
};

// A header field's value as pieces of printable ASCII with no space, which fold() joins with a
// space or CRLF SP. The factories are the only way to make one.
class header_text {
 public:
  // Free text (a subject, a date): its words as they are when they are printable ASCII without
  // "=?" (which would read as an encoded word) and short enough to fold, else encoded words.
  static header_text unstructured(std::string_view utf8);
  static header_text address(const mailbox& box);
  static header_text addresses(const std::vector<mailbox>& boxes);
  // "Display Name <local@domain>": the name as plain words when it is only atext (RFC 5322
  // 3.2.3) and spaces, else encoded words, as RFC 2047 5 allows in a phrase; without a name the
  // address alone.
  static header_text named(std::string_view display_name, const mailbox& box);
  // "<left@right>", each side a dot-atom (RFC 5322 3.6.4) of letters, digits, '-' and '_'; any
  // other character becomes '-'. The same input gives the same id, so a retried mail keeps it.
  static header_text message_id(std::string_view left, std::string_view right);

  [[nodiscard]] const std::vector<std::string>& pieces() const { return pieces_; }

 private:
  explicit header_text(std::vector<std::string> pieces);
  std::vector<std::string> pieces_;
};

// "Name: value" folded to header_line_max, ended by CRLF.
std::string header_line(field_name name, const header_text& value);

}  // namespace landing::email
