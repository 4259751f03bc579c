#pragma once

#include <cstddef>

#include "storage/store.hpp"

namespace landing::storage {

struct copy_report {
  std::size_t source_total = 0;
  std::size_t copied = 0;
  std::size_t already_there = 0;  // the same id was in the target: left as it was
  std::size_t verified = 0;       // source leads found in the target afterwards
};

// Copies every lead of `from` (each status, its outbox state, attempts and errors) into `to`.
// A lead whose id `to` has already is left alone, so a second run copies nothing twice; the
// report's verified count is read back from `to` at the end.
copy_report copy_leads(lead_store& from, lead_store& to);

}  // namespace landing::storage
