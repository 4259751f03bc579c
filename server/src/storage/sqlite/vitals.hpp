#pragma once

#include "storage/sqlite/database.hpp"
#include "storage/vitals.hpp"

namespace landing::storage::sqlite {

// Web Vitals aggregates in SQLite (vitals_rows.hpp has the SQL).
class vitals_tables : public virtual vitals_role {
 public:
  explicit vitals_tables(database& db) : db_(db) {}

  void add_vitals(const std::vector<vitals_aggregate>& batch) override;
  std::vector<vitals_aggregate> read_vitals(const vitals_query& query) override;
  std::int64_t prune_vitals(std::int64_t before_day) override;

 private:
  database& db_;
};

}  // namespace landing::storage::sqlite
