#pragma once

#include <cstddef>

#include "storage/store.hpp"

namespace landing::storage {

struct copy_report {
  std::size_t source_total = 0;
  std::size_t copied = 0;
  std::size_t already_there = 0;    // the same id was in the target: left as it was
  std::size_t verified = 0;         // source leads found in the target afterwards
  std::size_t settings_copied = 0;  // the chat side's settings the target did not have
  std::size_t erasures_copied = 0;  // erasure records the target did not have
};

// Copies every lead of `from` (each status, its outbox state, attempts and errors, its triage,
// click history and message in the chat) into `to`, and the settings `to` does not have yet (the
// getUpdates offset, a moved chat's id), and the erasure records and chat copies still to clean
// that `to` does not have. A lead whose id `to` has already is left alone, so a
// second run copies nothing twice; the report's verified count is read back from `to` at the end.
copy_report copy_leads(lead_store& from, lead_store& to);

}  // namespace landing::storage
