#pragma once

#include <string>

#include "app/config.hpp"
#include "leads/consent.hpp"

namespace landing::app {

// The consent policy for this start: the locales --consent-required names, and the versions of
// the consent document the built site lists in its .consent.json.
struct consent_setup {
  leads::consent_policy policy;
  std::string error;  // why the server cannot start with it; empty when it can
  explicit operator bool() const { return error.empty(); }
};
consent_setup consent_policy_of(const config& cfg);

}  // namespace landing::app
