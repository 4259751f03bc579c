#pragma once

#include <atomic>
#include <cstdint>

#include "storage/limits.hpp"
#include "storage/postgres/database.hpp"

namespace landing::storage::postgres {

// The per-client rate limit's buckets, shared by the replicas (rate_buckets).
class rate_buckets : public virtual limits_role {
 public:
  explicit rate_buckets(database& db) : db_(db) {}

  std::vector<std::int64_t> take_tokens(const std::vector<std::string>& clients,
                                        std::int64_t now_ms, double burst,
                                        double per_second) override;
  // Drops buckets that have refilled, at most once a minute; the leader does it.
  void prune_buckets(std::int64_t now_ms);

 private:
  database& db_;
  // What take_tokens was last asked with, to prune full buckets.
  std::atomic<double> bucket_refill_ms_{0};
  std::int64_t pruned_at_ = 0;
};

}  // namespace landing::storage::postgres
