#include "privacy/reason.hpp"

#include <string>
#include <vector>

#include "common/fold.hpp"

namespace landing::privacy {
namespace {

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& word : words) out += word;
  return out;
}

std::size_t code_points(std::string_view text) {
  std::size_t count = 0;
  for (const char c : text) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return count;
}

bool names(const std::vector<std::string>& said, std::string_view name) {
  for (const auto& word : fold::words(name)) {
    const auto letters = code_points(word);
    if (letters < 3) continue;
    for (const auto& other : said) {
      if (other == word || (letters >= 5 && other.find(word) != std::string::npos)) return true;
    }
  }
  return false;
}

bool holds(const std::string& flat, const std::string& part, std::size_t at_least) {
  return code_points(part) >= at_least && flat.find(part) != std::string::npos;
}

// A part of an address as it may be written out: its dots, dashes and underscores dropped
// ("annasmith"), or its dots said ("anna dot smith").
std::vector<std::string> spellings(std::string_view part) {
  std::string said;
  for (const char c : part) {
    if (c == '.') {
      said += " dot ";
    } else {
      said += c;
    }
  }
  return {joined(fold::words(part)), joined(fold::words(said))};
}

bool spells_email(const std::string& flat, std::string_view email) {
  const auto folded = fold::folded(email);
  const auto at = folded.rfind('@');
  const auto local = spellings(std::string_view(folded).substr(0, at));
  for (const auto& spelled : local) {
    if (holds(flat, spelled, 3)) return true;
  }
  if (at == std::string::npos) return false;
  // A local part too short to be telling alone counts with its domain, however it is joined.
  for (const auto& domain : spellings(std::string_view(folded).substr(at + 1))) {
    for (const auto& before : local) {
      for (const auto* at_said : {"", "at"}) {
        std::string whole = before;
        whole.append(at_said).append(domain);
        if (holds(flat, whole, 6)) return true;
      }
    }
  }
  return false;
}

bool spells_handle(const std::string& flat, std::string_view social) {
  const auto folded = fold::folded(social);
  if (holds(flat, joined(fold::words(folded)), 3)) return true;
  const auto last = folded.find_last_of("/@");
  return last != std::string::npos &&
         holds(flat, joined(fold::words(std::string_view(folded).substr(last + 1))), 3);
}

}  // namespace

std::optional<std::string_view> repeated_detail(std::string_view reason,
                                                const storage::contact_fields& who) {
  const auto said = fold::words(reason);
  const auto flat = joined(said);
  if (names(said, who.name)) return "name";
  if (spells_email(flat, who.email)) return "e-mail";
  if (spells_handle(flat, who.social)) return "handle";
  return std::nullopt;
}

}  // namespace landing::privacy
