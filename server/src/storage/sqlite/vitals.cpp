#include "storage/sqlite/vitals.hpp"

#include "storage/sqlite/vitals_rows.hpp"

namespace landing::storage::sqlite {

void vitals_tables::add_vitals(const std::vector<vitals_aggregate>& batch) {
  db_.write(file_guard::purpose::measurement, [&](connection& conn) {
    sqlite::add_vitals(conn, batch);
    return true;
  });
}

std::vector<vitals_aggregate> vitals_tables::read_vitals(const vitals_query& query) {
  return db_.read([&](connection& conn) { return sqlite::read_vitals(conn, query); });
}

std::int64_t vitals_tables::prune_vitals(std::int64_t before_day) {
  return db_.write(file_guard::purpose::outcome,
                   [&](connection& conn) { return sqlite::prune_vitals(conn, before_day); });
}

}  // namespace landing::storage::sqlite
