// Whatever a browser (or anyone) posts to /api/vitals: a beacon comes out whole and inside the
// contract, or a refusal with a code that /metrics has a series for.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string_view>

#include "common/utf8.hpp"
#include "vitals/beacon.hpp"
#include "vitals/counters.hpp"

using namespace landing;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  const auto result = vitals::parse_beacon(body);
  if (result.ok.has_value() == result.refused.has_value()) std::abort();
  if (result.refused) {
    const auto& reasons = vitals::counters::reasons;
    const auto known = std::find(reasons.begin(), reasons.end() - 1, result.refused->code);
    if (known == reasons.end() - 1) std::abort();  // a code with no series of its own
    return 0;
  }
  if (body.size() > vitals::max_body_bytes) std::abort();
  const auto& beacon = *result.ok;
  if (beacon.metrics.empty() || beacon.metrics.size() > vitals::all_metrics.size()) std::abort();
  std::set<vitals::metric> seen;
  for (const auto& each : beacon.metrics) {
    if (!seen.insert(each.name).second) std::abort();
    const auto& definition = vitals::definition(each.name);
    if (!(each.value >= 0 && each.value <= definition.max)) std::abort();
    if (vitals::rate(each.name, each.value) != each.rated) std::abort();
    if (!each.target.empty() && (!definition.has_target || !utf8::decode(each.target))) {
      std::abort();
    }
    if (!each.interaction_type.empty() && !definition.has_interaction_type) std::abort();
  }
  return 0;
}
