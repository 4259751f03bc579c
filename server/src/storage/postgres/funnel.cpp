#include "storage/postgres/funnel.hpp"

#include "storage/postgres/lead_row.hpp"

namespace landing::storage::postgres {

void funnel_table::add_funnel(const std::vector<funnel_count>& batch, std::size_t max_classes,
                              const std::string& overflow_class) {
  db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    // A class the day already has keeps counting; a new one only while the day has room.
    for (const auto& item : batch) {
      conn.exec(
          "INSERT INTO funnel_daily (day, locale, source, device, step, count) VALUES "
          "($1::bigint, $2, CASE WHEN EXISTS (SELECT 1 FROM funnel_daily WHERE day = $1::bigint "
          "AND source = $3) OR (SELECT count(DISTINCT source) FROM funnel_daily WHERE day = "
          "$1::bigint AND source <> $7) < $8::bigint THEN $3 ELSE $7 END, $4, $5, $6::bigint) ON "
          "CONFLICT (day, locale, source, device, step) DO UPDATE SET count = funnel_daily.count "
          "+ excluded.count",
          {str(item.day), item.locale, item.source, item.device, item.step,
           str(static_cast<std::int64_t>(item.count)), overflow_class,
           str(static_cast<std::int64_t>(max_classes))});
    }
    txn.commit();
    return true;
  });
}

std::vector<funnel_count> funnel_table::read_funnel(std::int64_t from_day,
                                                    const std::string& locale) {
  return db_.run(false, [&](connection& conn) {
    const auto rows = conn.exec(
        "SELECT day, locale, source, device, step, count FROM funnel_daily WHERE day >= "
        "$1::bigint AND ($2 = '' OR locale = $2) ORDER BY day, locale, source, device, step",
        {str(from_day), locale});
    std::vector<funnel_count> out;
    out.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
      out.push_back({rows.integer(i, 0), rows.text(i, 1), rows.text(i, 2), rows.text(i, 3),
                     rows.text(i, 4), static_cast<std::uint64_t>(rows.integer(i, 5))});
    }
    return out;
  });
}

std::int64_t funnel_table::prune_funnel(std::int64_t before_day) {
  return db_.run(true, [&](connection& conn) {
    const auto rows = conn.exec(
        "WITH gone AS (DELETE FROM funnel_daily WHERE day < $1::bigint RETURNING 1) SELECT "
        "count(*) FROM gone",
        {str(before_day)});
    return rows.integer(0, 0);
  });
}

}  // namespace landing::storage::postgres
