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
  unavailable,   // it cannot be opened or read at all
};

std::string_view fault_name(fault f);

// What a check of the store found, with the outbox figures read in the same pass.
struct health {
  fault problem = fault::none;
  std::string reason;  // for operators; empty when all is well
  outbox_stats outbox;
};

// Thrown by every operation when the store cannot do it; `what()` is for operators and logs.
struct error : std::runtime_error {
  error(fault f, const std::string& reason) : std::runtime_error(reason), problem(f) {}
  fault problem;
};

// All storage of leads, whatever the engine. Every method may be called from any thread; each
// runs in a transaction of its own and throws storage::error when it cannot.
class lead_store {
 public:
  lead_store() = default;
  lead_store(const lead_store&) = delete;
  lead_store& operator=(const lead_store&) = delete;
  virtual ~lead_store() = default;

  // One transaction for the whole batch: each lead and its outbox row commit together, so an id
  // returned means durable. held: Telegram is not configured, so the leads wait for a restart
  // with it. Refused (storage::error) while check() would report a fault.
  virtual std::vector<std::string> insert_batch(const std::vector<new_lead>& leads, bool held) = 0;

  // Leads held while Telegram was not configured become pending once it is.
  virtual std::int64_t release_held() = 0;
  // The first `limit` pending leads in the order they are due (next_attempt_at set), due yet
  // or not.
  virtual std::vector<lead> pending(std::size_t limit) = 0;
  virtual void mark_delivered(const std::string& id, std::int64_t at_ms) = 0;
  virtual void reschedule(const std::string& id, std::int64_t next_attempt_ms,
                          const std::string& error) = 0;
  virtual void mark_failed(const std::string& id, const std::string& reason) = 0;
  // Puts a failed or held lead back in the outbox; false when there is no such lead.
  virtual bool retry(const std::string& id) = 0;

  virtual std::optional<lead> find(const std::string& id) = 0;
  virtual std::vector<lead> list(const std::string& status) = 0;

  // Whether a lead can be stored now, and the outbox figures. Blocking (it may touch the disk
  // and, after a fault, try a write), so it runs on a thread of its own, never an I/O thread.
  virtual health check() = 0;
};

}  // namespace landing::storage
