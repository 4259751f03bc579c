#pragma once

#include <cstdint>
#include <string>
#include <string_view>

// What both engines write into an erasure record, decided once.
namespace landing::storage {

// The delivery a lead had when it was erased; a lead still waiting is cancelled.
inline std::string delivery_when_erased(std::string_view status) {
  if (status == "pending" || status == "held") return "cancelled";
  return std::string(status);
}

// The settings key that says an erasure's bytes are still in the database's files
// (erasure_role::scrub_erased).
inline constexpr const char* scrub_pending_key = "erasure_scrub_pending";

// The parts of a lead that went with it.
inline std::string removed_parts(bool queued, bool triage, std::int64_t events, bool message) {
  std::string out = "lead,consent,source";
  if (queued) out += ",outbox";
  if (triage) out += ",triage";
  if (events > 0) out += ",history:" + std::to_string(events);
  if (message) out += ",message";
  return out;
}

}  // namespace landing::storage
