#pragma once

#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "storage/fault.hpp"
#include "storage/outbox.hpp"
#include "storage/sqlite/database.hpp"

namespace landing::storage::sqlite {

// The outbox in SQLite. One process owns an SQLite file, so the claims live in memory: they need
// no write, and deliveries go on while the disk refuses writes.
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

  // The figures /healthz and /metrics show, on a connection the database lends to check().
  static void read_figures(connection& conn, health& out);

 private:
  void forget_claim(const std::string& id);

  database& db_;
  std::mutex claims_mutex_;
  std::unordered_map<std::string, std::pair<std::string, std::int64_t>> claims_;  // owner, until
};

}  // namespace landing::storage::sqlite
