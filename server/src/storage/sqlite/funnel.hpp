#pragma once

#include "storage/funnel.hpp"
#include "storage/sqlite/database.hpp"

namespace landing::storage::sqlite {

// The funnel's daily counts in SQLite.
class funnel_table : public virtual funnel_role {
 public:
  explicit funnel_table(database& db) : db_(db) {}

  void add_funnel(const std::vector<funnel_count>& batch, std::size_t max_classes,
                  const std::string& overflow_class) override;
  std::vector<funnel_count> read_funnel(std::int64_t from_day, const std::string& locale) override;
  std::int64_t prune_funnel(std::int64_t before_day) override;

 private:
  database& db_;
};

}  // namespace landing::storage::sqlite
