#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <string_view>

#include "storage/erasure.hpp"

// What both engines write into an erasure record, decided once.
namespace landing::storage {

// The delivery a lead had when it was erased; a lead still waiting is cancelled.
inline std::string delivery_when_erased(std::string_view status) {
  if (status == "pending" || status == "held") return "cancelled";
  return std::string(status);
}

// The settings key that says an erasure's bytes are still in the database's files
// (erasure_role::scrub_erased). Its value is new with each erasure, so a scrub removes the key
// only when no erasure came after the one it began with (another process's, say).
inline constexpr const char* scrub_pending_key = "erasure_scrub_pending";
// Set by the migration that turned secure deletion on, when erasures came before it: the first
// scrub also rewrites the whole SQLite file, whose free pages may still hold them.
inline constexpr const char* vacuum_pending_key = "erasure_vacuum_pending";

// A fresh value for scrub_pending_key.
inline std::string scrub_generation() {
  std::random_device random;
  char text[17];
  std::snprintf(text, sizeof text, "%08x%08x", random(), random());
  return text;
}

// The parts of a lead that went with it.
inline std::string removed_parts(bool queued, bool triage, std::int64_t events, bool message) {
  std::string out = "lead,consent,source";
  if (queued) out += ",outbox";
  if (triage) out += ",triage";
  if (events > 0) out += ",history:" + std::to_string(events);
  if (message) out += ",message";
  return out;
}

// The CRM channels: a lead erased after one of them had it, or may have had it (any row of
// theirs, even pending: an attempt may be in flight), queues a copy to delete there.
inline constexpr std::array<std::string_view, 2> crm_channels{"bitrix24", "amocrm"};

// How long after the erasure a CRM copy is first looked for: an attempt in flight when the lead
// was erased has ended by then (the outbox's lease and a call's timeout are well inside it).
inline constexpr std::int64_t crm_copy_delay_ms = 120'000;

// Whether the channel is a CRM whose copies an erasure deletes (erasure.hpp, crm_channels).
inline bool is_crm(std::string_view channel) {
  for (const auto each : crm_channels) {
    if (each == channel) return true;
  }
  return false;
}

// An erasure record's `crm` with `channel`'s state set to `state` (added when it is not there).
inline std::string crm_with(std::string_view crm, std::string_view channel,
                            std::string_view state) {
  std::string out;
  bool found = false;
  std::size_t start = 0;
  while (start < crm.size()) {
    auto end = crm.find("; ", start);
    if (end == std::string_view::npos) end = crm.size();
    auto part = std::string(crm.substr(start, end - start));
    if (part.rfind(std::string(channel) + ": ", 0) == 0) {
      part = std::string(channel) + ": " + std::string(state);
      found = true;
    }
    out += (out.empty() ? "" : "; ") + part;
    start = end + 2;
  }
  if (!found) out += (out.empty() ? "" : "; ") + std::string(channel) + ": " + std::string(state);
  return out;
}

}  // namespace landing::storage
