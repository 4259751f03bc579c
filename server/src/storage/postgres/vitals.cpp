#include "storage/postgres/vitals.hpp"

#include "storage/postgres/vitals_rows.hpp"

namespace landing::storage::postgres {

void vitals_tables::add_vitals(const std::vector<vitals_aggregate>& batch) {
  db_.run(true, [&](connection& conn) {
    postgres::add_vitals(conn, batch);
    return true;
  });
}

std::vector<vitals_aggregate> vitals_tables::read_vitals(const vitals_query& query) {
  return db_.run(false, [&](connection& conn) { return postgres::read_vitals(conn, query); });
}

std::int64_t vitals_tables::prune_vitals(std::int64_t before_day) {
  return db_.run(true, [&](connection& conn) { return postgres::prune_vitals(conn, before_day); });
}

}  // namespace landing::storage::postgres
