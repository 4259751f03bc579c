#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace landing::storage {

// What must hold across several processes sharing one store (PostgreSQL): the per-client rate
// limit's buckets.
class limits_role {
 public:
  limits_role() = default;
  limits_role(const limits_role&) = delete;
  limits_role& operator=(const limits_role&) = delete;
  virtual ~limits_role() = default;

  // Takes one token per entry of `clients` from their buckets (burst, then per_second); for each
  // entry, 0 when it got one, else whole seconds until it would. Only for shared stores.
  virtual std::vector<std::int64_t> take_tokens(const std::vector<std::string>& clients,
                                                std::int64_t now_ms, double burst,
                                                double per_second) = 0;
};

}  // namespace landing::storage
