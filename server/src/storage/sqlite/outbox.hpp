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

  std::optional<std::int64_t> next_due_at(const std::string& channel, const std::string& owner,
                                          std::int64_t now_ms) override;
  std::vector<claimed_delivery> claim_due(const std::string& channel, const std::string& owner,
                                          std::int64_t now_ms, std::int64_t lease_ms,
                                          const std::vector<std::string>& skip,
                                          std::size_t limit) override;
  void settle(const std::string& channel, const std::vector<settlement>& outcomes) override;
  void release(const std::string& channel, const std::string& owner,
               const std::vector<std::string>& ids) override;
  bool retry(const std::string& id, const std::string& channel) override;
  std::int64_t redeliver(const std::string& channel, const std::vector<std::string>& ids) override;
  std::optional<std::string> channel_disabled(const std::string& channel) override;
  void disable_channel(const std::string& channel, const std::string& reason) override;
  bool hold_while_disabled(const std::string& channel) override;
  std::int64_t enable_channel(const std::string& channel) override;
  std::vector<logged_attempt> attempts_of(const std::string& id) override;
  std::int64_t prune_attempts(std::int64_t before_ms) override;

  // The figures /healthz and /metrics show, on a connection the database lends to check().
  static void read_figures(connection& conn, health& out);
  // In place of the figures on the checks that skip them: a read of one row, so a file that can
  // no longer be read is still found at once.
  static void read_probe(connection& conn, health& out);

 private:
  database& db_;
  std::mutex claims_mutex_;
  // (channel, lead) -> (owner, until)
  std::unordered_map<std::string, std::pair<std::string, std::int64_t>> claims_;
};

}  // namespace landing::storage::sqlite
