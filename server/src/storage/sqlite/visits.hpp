#pragma once

#include "storage/sqlite/database.hpp"
#include "storage/visits.hpp"

namespace landing::storage::sqlite {

// Arrivals per day, locale and source class in SQLite.
class visits_table : public virtual visits_role {
 public:
  explicit visits_table(database& db) : db_(db) {}

  void add_visits(const std::vector<visit_count>& batch, std::size_t max_classes,
                  const std::string& overflow_class) override;
  std::vector<visit_count> read_visits(std::int64_t from_day, const std::string& locale) override;
  std::int64_t prune_visits(std::int64_t before_day) override;

 private:
  database& db_;
};

}  // namespace landing::storage::sqlite
