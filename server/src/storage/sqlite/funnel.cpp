#include "storage/sqlite/funnel.hpp"

namespace landing::storage::sqlite {

void funnel_table::add_funnel(const std::vector<funnel_count>& batch, std::size_t max_classes,
                              const std::string& overflow_class) {
  db_.write(file_guard::purpose::measurement, [&](connection& conn) {
    transaction txn(conn);
    // A class the day already has keeps counting; a new one only while the day has room.
    statement add(conn,
                  "INSERT INTO funnel_daily (day, locale, source, device, step, count) VALUES (?1, "
                  "?2, CASE WHEN EXISTS (SELECT 1 FROM funnel_daily WHERE day = ?1 AND source = "
                  "?3) OR (SELECT count(DISTINCT source) FROM funnel_daily WHERE day = ?1 AND "
                  "source <> ?7) < ?8 THEN ?3 ELSE ?7 END, ?4, ?5, ?6) ON CONFLICT (day, locale, "
                  "source, device, step) DO UPDATE SET count = count + excluded.count");
    for (const auto& item : batch) {
      add.bind(1, item.day).bind(2, item.locale).bind(3, item.source).bind(4, item.device);
      add.bind(5, item.step).bind(6, static_cast<std::int64_t>(item.count));
      add.bind(7, overflow_class).bind(8, static_cast<std::int64_t>(max_classes));
      add.step();
      add.reset();
    }
    txn.commit();
    return true;
  });
}

std::vector<funnel_count> funnel_table::read_funnel(std::int64_t from_day,
                                                    const std::string& locale) {
  return db_.read([&](connection& conn) {
    statement query(conn,
                    "SELECT day, locale, source, device, step, count FROM funnel_daily WHERE day "
                    ">= ? AND (? = '' OR locale = ?) ORDER BY day, locale, source, device, step");
    query.bind(1, from_day).bind(2, locale).bind(3, locale);
    std::vector<funnel_count> out;
    while (query.step()) {
      out.push_back({query.integer(0), query.text(1), query.text(2), query.text(3), query.text(4),
                     static_cast<std::uint64_t>(query.integer(5))});
    }
    return out;
  });
}

std::int64_t funnel_table::prune_funnel(std::int64_t before_day) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    statement(conn, "DELETE FROM funnel_daily WHERE day < ?").bind(1, before_day).step();
    return conn.changes();
  });
}

}  // namespace landing::storage::sqlite
