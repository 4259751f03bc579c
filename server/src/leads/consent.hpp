#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

// Consent to the processing of personal data (contract/README.md, Consent): which locales must
// give it, and which versions of the consent document the built site ever showed.
namespace landing::leads {

class consent_policy {
 public:
  consent_policy() = default;
  // required: the locales whose leads need consent (--consent-required). known: per locale, the
  // versions the build lists in .consent.json.
  consent_policy(std::set<std::string> required, std::map<std::string, std::set<std::string>> known)
      : required_(std::move(required)), known_(std::move(known)) {}

  // nullopt when the lead may be stored, else its error code for the `consent` field:
  // "required" (none given where it must be) or "unknown_version".
  [[nodiscard]] std::optional<std::string> check(const std::string& locale,
                                                 const std::string& version) const;

  // The required locales the build has no version for: a page without the checkbox, so every
  // lead from it would be refused. The server does not start with any.
  [[nodiscard]] std::vector<std::string> unanswerable() const;

 private:
  std::set<std::string> required_;
  std::map<std::string, std::set<std::string>> known_;
};

// The versions in a built site's .consent.json ({"versions": {"ru": ["<sha256>", ...]}}); nullopt
// for text that is not that shape, empty for none.
std::optional<std::map<std::string, std::set<std::string>>> parse_consent_versions(
    std::string_view json);

}  // namespace landing::leads
