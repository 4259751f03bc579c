#pragma once

#include <string>
#include <string_view>

namespace landing {

// The parts one after another, each appended once. Instead of "literal" + std::string(...): on
// such chains GCC 12 warns wrongly (-Wrestrict, its bug 105329) inside the standard library,
// and the build treats warnings as errors.
template <typename... Parts>
std::string concat(const Parts&... parts) {
  std::string out;
  (out.append(std::string_view(parts)), ...);
  return out;
}

}  // namespace landing
