#include "leads/consent.hpp"

#include <boost/json/parse.hpp>

namespace landing::leads {
namespace {

bool is_version(std::string_view text) {
  if (text.size() != 64) return false;
  for (const char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> consent_policy::check(const std::string& locale,
                                                 const std::string& version) const {
  if (version.empty()) {
    if (required_.contains(locale)) return "required";
    return std::nullopt;
  }
  // Given, so it is recorded: it must be one the build showed, in any locale.
  const auto known = known_.find(locale);
  if (known == known_.end() || !known->second.contains(version)) return "unknown_version";
  return std::nullopt;
}

std::vector<std::string> consent_policy::unanswerable() const {
  std::vector<std::string> out;
  for (const auto& locale : required_) {
    const auto known = known_.find(locale);
    if (known == known_.end() || known->second.empty()) out.push_back(locale);
  }
  return out;
}

std::optional<std::map<std::string, std::set<std::string>>> parse_consent_versions(
    std::string_view json) {
  boost::system::error_code ec;
  const auto value = boost::json::parse(json, ec);
  if (ec || !value.is_object()) return std::nullopt;
  const auto* versions = value.as_object().if_contains("versions");
  if (!versions || !versions->is_object()) return std::nullopt;
  std::map<std::string, std::set<std::string>> out;
  for (const auto& entry : versions->as_object()) {
    if (!entry.value().is_array()) return std::nullopt;
    auto& known = out[std::string(entry.key())];
    for (const auto& version : entry.value().as_array()) {
      if (!version.is_string() || !is_version(version.as_string())) return std::nullopt;
      known.emplace(version.as_string());
    }
  }
  return out;
}

}  // namespace landing::leads
