#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/lead.hpp"
#include "storage/triage.hpp"

namespace landing::storage {

// The outbox, safe between replicas. A lead is claimed by one owner (a replica's outbox) for a
// lease; once the lease passes (its owner died), any owner may claim it again.
class outbox_role {
 public:
  outbox_role() = default;
  outbox_role(const outbox_role&) = delete;
  outbox_role& operator=(const outbox_role&) = delete;
  virtual ~outbox_role() = default;

  // When the next pending lead is due (unix ms) that no other owner holds; nothing when none.
  virtual std::optional<std::int64_t> next_due_at(const std::string& owner,
                                                  std::int64_t now_ms) = 0;
  // Claims the pending lead due first (next_attempt_at <= now_ms) that no other owner holds,
  // leaving out the ids in `skip`.
  virtual std::optional<lead> claim_next(const std::string& owner, std::int64_t now_ms,
                                         std::int64_t lease_ms,
                                         const std::vector<std::string>& skip) = 0;
  // Each outcome also ends the lead's claim. A delivered lead keeps where its message went, for
  // the reminder's reply.
  virtual void mark_delivered(const std::string& id, std::int64_t at_ms,
                              const sent_message& where) = 0;
  virtual void reschedule(const std::string& id, std::int64_t next_attempt_ms,
                          const std::string& error) = 0;
  virtual void mark_failed(const std::string& id, const std::string& reason) = 0;
  // Puts a failed or held lead back in the outbox; false when there is no such lead.
  virtual bool retry(const std::string& id) = 0;
};

}  // namespace landing::storage
