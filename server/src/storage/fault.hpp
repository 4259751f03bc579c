#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "storage/lead.hpp"

namespace landing::storage {

// Why the store cannot take a lead now. The values are what /healthz reports.
enum class fault {
  none,          // writable
  missing,       // the database file was deleted or moved away while open
  read_only,     // its file system turned read-only
  disk_full,     // free space is below the reserve kept for recording deliveries
  write_failed,  // the last write failed and no write has succeeded since
  unavailable,   // it cannot be opened or read at all (for PostgreSQL: not connected)
};

std::string_view fault_name(fault f);

// What the PostgreSQL engine saw of its database server since this process started.
struct database_figures {
  std::string host;                    // where the pool's connections go now ("db2:5432")
  std::uint64_t reconnects = 0;        // connections made again after one was lost or refused
  std::int64_t unreachable_ms = 0;     // in all: from each loss to the next connection made
  std::int64_t unreachable_since = 0;  // unix ms of a loss not yet recovered from, else 0
  // Whether the primary waits for a standby before a commit returns: "synchronous" (a lead
  // answered 202 is on two machines), "asynchronous" (a standby streams, a commit does not
  // wait), "none", or "" before the first look.
  std::string standby;
};

// What a check of the store found, with the outbox figures read in the same pass.
struct health {
  fault problem = fault::none;
  std::string reason;                     // for operators; empty when all is well
  std::vector<channel_figures> channels;  // each channel with a row in the outbox, by name
  bool leader = true;
  std::optional<database_figures> database;  // PostgreSQL only
};

// Thrown by every operation when the store cannot do it; `what()` is for operators and logs.
struct error : std::runtime_error {
  error(fault f, const std::string& reason) : std::runtime_error(reason), problem(f) {}
  fault problem;
};

}  // namespace landing::storage
