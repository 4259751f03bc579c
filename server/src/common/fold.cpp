#include "common/fold.hpp"

#include <idn2.h>
#include <utf8proc.h>

#include <cstdlib>

namespace landing::fold {
namespace {

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace

std::string folded(std::string_view text) {
  utf8proc_uint8_t* mapped = nullptr;
  const auto options = static_cast<utf8proc_option_t>(
      UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD | UTF8PROC_IGNORE);
  const auto size = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
                                 static_cast<utf8proc_ssize_t>(text.size()), &mapped, options);
  if (size < 0) return ascii_lower(text);
  std::string out(reinterpret_cast<const char*>(mapped), static_cast<std::size_t>(size));
  std::free(mapped);
  return out;
}

std::vector<std::string> words(std::string_view text) {
  const auto all = folded(text);
  std::vector<std::string> out(1);
  const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(all.data());
  auto left = static_cast<utf8proc_ssize_t>(all.size());
  while (left > 0) {
    utf8proc_int32_t code = -1;
    auto length = utf8proc_iterate(bytes, left, &code);
    if (length <= 0) {  // a stray byte separates, as it reads as nothing
      length = 1;
      code = -1;
    }
    const auto category = code >= 0 ? utf8proc_category(code) : UTF8PROC_CATEGORY_CN;
    const bool in_word = (category >= UTF8PROC_CATEGORY_LU && category <= UTF8PROC_CATEGORY_ME) ||
                         (category >= UTF8PROC_CATEGORY_ND && category <= UTF8PROC_CATEGORY_NO);
    if (in_word) {
      out.back().append(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(length));
    } else if (!out.back().empty()) {
      out.emplace_back();
    }
    bytes += length;
    left -= length;
  }
  if (out.back().empty()) out.pop_back();
  return out;
}

std::string email_key(std::string_view email) {
  const auto at = email.rfind('@');
  if (at == std::string_view::npos) return folded(email);
  const auto domain = folded(email.substr(at + 1));
  std::string ascii = domain;
  char* converted = nullptr;
  if (idn2_to_ascii_8z(domain.c_str(), &converted, IDN2_NONTRANSITIONAL) == IDN2_OK) {
    ascii = ascii_lower(converted);
  }
  idn2_free(converted);
  return folded(email.substr(0, at)) + "@" + ascii;
}

}  // namespace landing::fold
