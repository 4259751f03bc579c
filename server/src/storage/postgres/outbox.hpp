#pragma once

#include "storage/fault.hpp"
#include "storage/outbox.hpp"
#include "storage/postgres/database.hpp"

namespace landing::storage::postgres {

// The outbox in PostgreSQL, shared by the replicas: claims are row columns with a lease, taken
// with SKIP LOCKED.
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

  // The figures /healthz and /metrics show.
  std::vector<channel_figures> figures();

 private:
  database& db_;
};

}  // namespace landing::storage::postgres
