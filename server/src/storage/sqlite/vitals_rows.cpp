#include "storage/sqlite/vitals_rows.hpp"

#include <map>
#include <string>

namespace landing::storage::sqlite {
namespace {

constexpr const char* key_match =
    "day = ? AND route = ? AND locale = ? AND device = ? AND metric = ?";

// Binds a key's five columns from `first` on; returns the next free index.
int bind_key(statement& stmt, int first, const vitals_key& key) {
  stmt.bind(first, key.day).bind(first + 1, key.route).bind(first + 2, key.locale);
  stmt.bind(first + 3, key.device).bind(first + 4, key.metric);
  return first + 5;
}

vitals_key read_key(const statement& row) {
  return {row.integer(0), row.text(1), row.text(2), row.text(3), row.text(4)};
}

// The WHERE of a query: the day bound, then each filter that is set.
std::string where_of(const vitals_query& query) {
  std::string out = " WHERE day >= ?";
  if (!query.route.empty()) out += " AND route = ?";
  if (!query.locale.empty()) out += " AND locale = ?";
  if (!query.device.empty()) out += " AND device = ?";
  return out;
}

void bind_query(statement& stmt, const vitals_query& query) {
  int index = 1;
  stmt.bind(index++, query.from_day);
  for (const auto* value : {&query.route, &query.locale, &query.device}) {
    if (!value->empty()) stmt.bind(index++, *value);
  }
}

std::int64_t as_int(std::uint64_t count) { return static_cast<std::int64_t>(count); }

void fold_excess_targets(connection& conn, const vitals_key& key) {
  statement excess(conn, (std::string("SELECT target, interaction_type, count FROM vitals_targets "
                                      "WHERE ") +
                          key_match +
                          " AND target <> '' ORDER BY count DESC, target, interaction_type "
                          "LIMIT -1 OFFSET ?")
                             .c_str());
  bind_key(excess, 1, key);
  excess.bind(6, static_cast<std::int64_t>(vitals_targets_kept));
  std::vector<std::pair<std::string, std::string>> gone;
  std::int64_t folded = 0;
  while (excess.step()) {
    gone.emplace_back(excess.text(0), excess.text(1));
    folded += excess.integer(2);
  }
  if (gone.empty()) return;
  statement remove(conn, (std::string("DELETE FROM vitals_targets WHERE ") + key_match +
                          " AND target = ? AND interaction_type = ?")
                             .c_str());
  for (const auto& [target, type] : gone) {
    bind_key(remove, 1, key);
    remove.bind(6, target).bind(7, type);
    remove.step();
    remove.reset();
  }
  statement other(conn,
                  "INSERT INTO vitals_targets (day, route, locale, device, metric, target, "
                  "interaction_type, count) VALUES (?, ?, ?, ?, ?, '', '', ?) ON CONFLICT DO "
                  "UPDATE SET count = count + excluded.count");
  bind_key(other, 1, key);
  other.bind(6, folded).step();
}

}  // namespace

void add_vitals(connection& conn, const std::vector<vitals_aggregate>& batch) {
  transaction txn(conn);
  statement daily(
      conn,
      "INSERT INTO vitals_daily (day, route, locale, device, metric, count, good, "
      "needs_improvement, poor, min_value, max_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
      "ON CONFLICT DO UPDATE SET count = count + excluded.count, good = good + "
      "excluded.good, needs_improvement = needs_improvement + "
      "excluded.needs_improvement, poor = poor + excluded.poor, min_value = min(min_value, "
      "excluded.min_value), max_value = max(max_value, excluded.max_value)");
  statement bucket(conn,
                   "INSERT INTO vitals_buckets (day, route, locale, device, metric, bucket, "
                   "count) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET count = count "
                   "+ excluded.count");
  statement target(conn,
                   "INSERT INTO vitals_targets (day, route, locale, device, metric, target, "
                   "interaction_type, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO "
                   "UPDATE SET count = count + excluded.count");
  for (const auto& item : batch) {
    if (item.count == 0) continue;
    const int next = bind_key(daily, 1, item.key);
    daily.bind(next, as_int(item.count)).bind(next + 1, as_int(item.good));
    daily.bind(next + 2, as_int(item.needs_improvement)).bind(next + 3, as_int(item.poor));
    daily.bind(next + 4, item.min).bind(next + 5, item.max);
    daily.step();
    daily.reset();
    for (const auto& each : item.buckets) {
      bind_key(bucket, 1, item.key);
      bucket.bind(6, static_cast<std::int64_t>(each.index)).bind(7, as_int(each.count));
      bucket.step();
      bucket.reset();
    }
    for (const auto& each : item.targets) {
      bind_key(target, 1, item.key);
      target.bind(6, each.target).bind(7, each.interaction_type).bind(8, as_int(each.count));
      target.step();
      target.reset();
    }
    if (!item.targets.empty()) fold_excess_targets(conn, item.key);
  }
  txn.commit();
}

std::vector<vitals_aggregate> read_vitals(connection& conn, const vitals_query& query) {
  std::vector<vitals_aggregate> out;
  std::map<vitals_key, std::size_t> index;
  const auto where = where_of(query);
  statement daily(conn, ("SELECT day, route, locale, device, metric, count, good, "
                         "needs_improvement, poor, min_value, max_value FROM vitals_daily" +
                         where + " ORDER BY day, route, locale, device, metric")
                            .c_str());
  bind_query(daily, query);
  while (daily.step()) {
    vitals_aggregate item;
    item.key = read_key(daily);
    item.count = static_cast<std::uint64_t>(daily.integer(5));
    item.good = static_cast<std::uint64_t>(daily.integer(6));
    item.needs_improvement = static_cast<std::uint64_t>(daily.integer(7));
    item.poor = static_cast<std::uint64_t>(daily.integer(8));
    item.min = daily.real(9);
    item.max = daily.real(10);
    index.emplace(item.key, out.size());
    out.push_back(std::move(item));
  }
  statement buckets(conn, ("SELECT day, route, locale, device, metric, bucket, count FROM "
                           "vitals_buckets" +
                           where + " ORDER BY bucket")
                              .c_str());
  bind_query(buckets, query);
  while (buckets.step()) {
    if (const auto found = index.find(read_key(buckets)); found != index.end()) {
      out[found->second].buckets.push_back({static_cast<std::uint32_t>(buckets.integer(5)),
                                            static_cast<std::uint64_t>(buckets.integer(6))});
    }
  }
  statement targets(conn, ("SELECT day, route, locale, device, metric, target, interaction_type, "
                           "count FROM vitals_targets" +
                           where + " ORDER BY count DESC, target, interaction_type")
                              .c_str());
  bind_query(targets, query);
  while (targets.step()) {
    if (const auto found = index.find(read_key(targets)); found != index.end()) {
      out[found->second].targets.push_back(
          {targets.text(5), targets.text(6), static_cast<std::uint64_t>(targets.integer(7))});
    }
  }
  return out;
}

std::int64_t prune_vitals(connection& conn, std::int64_t before_day) {
  transaction txn(conn);
  std::int64_t removed = 0;
  for (const char* table : {"vitals_daily", "vitals_buckets", "vitals_targets"}) {
    statement(conn, (std::string("DELETE FROM ") + table + " WHERE day < ?").c_str())
        .bind(1, before_day)
        .step();
    removed += conn.changes();
  }
  txn.commit();
  return removed;
}

}  // namespace landing::storage::sqlite
