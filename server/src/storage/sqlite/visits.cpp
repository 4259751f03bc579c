#include "storage/sqlite/visits.hpp"

namespace landing::storage::sqlite {

void visits_table::add_visits(const std::vector<visit_count>& batch, std::size_t max_classes,
                              const std::string& overflow_class) {
  db_.write(file_guard::purpose::measurement, [&](connection& conn) {
    transaction txn(conn);
    // A class the day already has keeps counting; a new one only while the day has room.
    statement add(conn,
                  "INSERT INTO visits_daily (day, locale, source, count) VALUES (?1, ?2, CASE WHEN "
                  "EXISTS (SELECT 1 FROM visits_daily WHERE day = ?1 AND source = ?3) OR (SELECT "
                  "count(DISTINCT source) FROM visits_daily WHERE day = ?1 AND source <> ?5) < ?6 "
                  "THEN ?3 ELSE ?5 END, ?4) ON CONFLICT (day, locale, source) DO UPDATE SET count "
                  "= count + excluded.count");
    for (const auto& item : batch) {
      add.bind(1, item.day).bind(2, item.locale).bind(3, item.source);
      add.bind(4, static_cast<std::int64_t>(item.count)).bind(5, overflow_class);
      add.bind(6, static_cast<std::int64_t>(max_classes));
      add.step();
      add.reset();
    }
    txn.commit();
    return true;
  });
}

std::vector<visit_count> visits_table::read_visits(std::int64_t from_day,
                                                   const std::string& locale) {
  return db_.read([&](connection& conn) {
    statement query(conn,
                    "SELECT day, locale, source, count FROM visits_daily WHERE day >= ? AND (? = "
                    "'' OR locale = ?) ORDER BY day, locale, source");
    query.bind(1, from_day).bind(2, locale).bind(3, locale);
    std::vector<visit_count> out;
    while (query.step()) {
      out.push_back({query.integer(0), query.text(1), query.text(2),
                     static_cast<std::uint64_t>(query.integer(3))});
    }
    return out;
  });
}

std::int64_t visits_table::prune_visits(std::int64_t before_day) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    statement(conn, "DELETE FROM visits_daily WHERE day < ?").bind(1, before_day).step();
    return conn.changes();
  });
}

}  // namespace landing::storage::sqlite
