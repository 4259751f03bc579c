#include "app/consent.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace landing::app {

consent_setup consent_policy_of(const config& cfg) {
  std::set<std::string> required;
  for (const auto& locale : cfg.consent_required) {
    if (locale != "none") required.insert(locale);
  }
  const auto file = std::filesystem::path(cfg.site) / ".consent.json";
  std::map<std::string, std::set<std::string>> known;
  if (std::ifstream in(file); in) {
    std::stringstream text;
    text << in.rdbuf();
    auto parsed = leads::parse_consent_versions(text.str());
    if (!parsed) {
      return {{}, file.string() + " is not the build's consent file (make build writes it)"};
    }
    known = std::move(*parsed);
  }
  consent_setup out{{required, std::move(known)}, {}};
  for (const auto& locale : out.policy.unanswerable()) {
    // Every lead from that page would be refused: its form has no checkbox to tick.
    out.error = "--consent-required names " + locale;
    out.error += ", but the site in " + cfg.site;
    out.error += " has no consent document for it (.consent.json): build it with ";
    out.error += "VITE_CONSENT_LOCALES including " + locale;
    out.error += ", or start with --consent-required none";
    break;
  }
  return out;
}

}  // namespace landing::app
