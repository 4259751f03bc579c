#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vitals/beacon.hpp"

// The funnel beacon (contract/funnel-beacon.json): which of the page's steps a tab session has
// reached since its last beacon. Kept with the vitals because it travels the same way (a
// sendBeacon body, checked on the intake's low-priority thread, folded into daily counts).
namespace landing::vitals {

inline constexpr std::array<std::string_view, 4> page_steps{"arrived", "cases", "docs", "form"};
inline constexpr std::size_t max_funnel_body_bytes = 1024;

struct funnel_beacon {
  std::string locale;
  std::string device;
  std::string source_class;  // `direct` without a source, `other` for one that fails its rules
  std::vector<std::string> steps;
};

struct parsed_funnel {
  std::optional<funnel_beacon> ok;
  std::optional<refusal> refused;
};

// Checks a body against the contract strictly; the first violation is reported, with the
// vitals beacon's codes where they mean the same (malformed, version, locale, device,
// unknown_field) and steps, step, duplicate_step for the steps.
parsed_funnel parse_funnel(std::string_view body);

}  // namespace landing::vitals
