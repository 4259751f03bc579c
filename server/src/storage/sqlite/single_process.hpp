#pragma once

#include <functional>
#include <stdexcept>

#include "storage/leadership.hpp"
#include "storage/limits.hpp"

namespace landing::storage::sqlite {

// One process owns an SQLite file: it always leads, nobody else commits leads, and its own rate
// limiter keeps the buckets (leads::rate_limiter).
class single_process : public virtual leadership_role, public virtual limits_role {
 public:
  [[nodiscard]] bool shared() const override { return false; }
  [[nodiscard]] bool leader() override { return true; }
  void on_new_leads(std::function<void()> /*wake*/) override {}
  std::vector<std::int64_t> take_tokens(const std::vector<std::string>& /*clients*/,
                                        std::int64_t /*now_ms*/, double /*burst*/,
                                        double /*per_second*/) override {
    throw std::logic_error("take_tokens on a store that only one process uses");
  }
};

}  // namespace landing::storage::sqlite
