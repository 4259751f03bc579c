#pragma once

#include "storage/outbox.hpp"
#include "storage/postgres/database.hpp"

namespace landing::storage::postgres {

// The outbox in PostgreSQL, shared by the replicas: claims are rows with a lease, taken with
// SKIP LOCKED.
class outbox_table : public virtual outbox_role {
 public:
  explicit outbox_table(database& db) : db_(db) {}

  std::optional<std::int64_t> next_due_at(const std::string& owner, std::int64_t now_ms) override;
  std::optional<lead> claim_next(const std::string& owner, std::int64_t now_ms,
                                 std::int64_t lease_ms,
                                 const std::vector<std::string>& skip) override;
  void mark_delivered(const std::string& id, std::int64_t at_ms,
                      const sent_message& where) override;
  void reschedule(const std::string& id, std::int64_t next_attempt_ms,
                  const std::string& error) override;
  void mark_failed(const std::string& id, const std::string& reason) override;
  bool retry(const std::string& id) override;

  // The figures /healthz and /metrics show.
  outbox_stats figures();

 private:
  database& db_;
};

}  // namespace landing::storage::postgres
