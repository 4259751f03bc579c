#pragma once

#include "storage/postgres/database.hpp"
#include "storage/vitals.hpp"

namespace landing::storage::postgres {

// Web Vitals aggregates in PostgreSQL (vitals_rows.hpp has the SQL); replicas' batches add up.
class vitals_tables : public virtual vitals_role {
 public:
  explicit vitals_tables(database& db) : db_(db) {}

  void add_vitals(const std::vector<vitals_aggregate>& batch) override;
  std::vector<vitals_aggregate> read_vitals(const vitals_query& query) override;
  std::int64_t prune_vitals(std::int64_t before_day) override;

 private:
  database& db_;
};

}  // namespace landing::storage::postgres
