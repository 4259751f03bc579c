#include "storage/postgres/vitals_rows.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

#include "storage/postgres/arrays.hpp"

namespace landing::storage::postgres {
namespace {

constexpr const char* key_columns = "day, route, locale, device, metric";

// The five key columns of many rows, as arrays in parameters $1 to $5.
struct key_arrays {
  std::vector<std::int64_t> days;
  std::vector<std::string> routes, locales, devices, metrics;
  void add(const vitals_key& key) {
    days.push_back(key.day);
    routes.push_back(key.route);
    locales.push_back(key.locale);
    devices.push_back(key.device);
    metrics.push_back(key.metric);
  }
  [[nodiscard]] std::vector<param> params() const {
    return {number_array(days), text_array(routes), text_array(locales), text_array(devices),
            text_array(metrics)};
  }
};

constexpr const char* unnest_key = "$1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[]";

std::int64_t as_int(std::uint64_t count) { return static_cast<std::int64_t>(count); }

void write_daily(connection& conn, const std::vector<const vitals_aggregate*>& rows) {
  key_arrays keys;
  std::vector<std::int64_t> counts, good, needs_improvement, poor;
  std::vector<double> lows, highs;
  for (const auto* item : rows) {
    keys.add(item->key);
    counts.push_back(as_int(item->count));
    good.push_back(as_int(item->good));
    needs_improvement.push_back(as_int(item->needs_improvement));
    poor.push_back(as_int(item->poor));
    lows.push_back(item->min);
    highs.push_back(item->max);
  }
  auto params = keys.params();
  for (const auto& numbers : {counts, good, needs_improvement, poor}) {
    params.emplace_back(number_array(numbers));
  }
  params.emplace_back(number_array(lows));
  params.emplace_back(number_array(highs));
  conn.exec(std::string("INSERT INTO vitals_daily (") + key_columns +
                ", count, good, needs_improvement, poor, min_value, max_value) SELECT * FROM "
                "unnest(" +
                unnest_key +
                ", $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[], $10::float8[], "
                "$11::float8[]) ON CONFLICT (" +
                key_columns +
                ") DO UPDATE SET count = vitals_daily.count + excluded.count, good = "
                "vitals_daily.good + excluded.good, needs_improvement = "
                "vitals_daily.needs_improvement + excluded.needs_improvement, poor = "
                "vitals_daily.poor + excluded.poor, min_value = LEAST(vitals_daily.min_value, "
                "excluded.min_value), max_value = GREATEST(vitals_daily.max_value, "
                "excluded.max_value)",
            params);
}

void write_buckets(connection& conn, const std::vector<const vitals_aggregate*>& rows) {
  key_arrays keys;
  std::vector<std::int64_t> indexes, counts;
  for (const auto* item : rows) {
    for (const auto& each : item->buckets) {
      keys.add(item->key);
      indexes.push_back(each.index);
      counts.push_back(as_int(each.count));
    }
  }
  if (indexes.empty()) return;
  auto params = keys.params();
  params.emplace_back(number_array(indexes));
  params.emplace_back(number_array(counts));
  conn.exec(std::string("INSERT INTO vitals_buckets (") + key_columns +
                ", bucket, count) SELECT * FROM unnest(" + unnest_key +
                ", $6::integer[], $7::bigint[]) ON CONFLICT (" + key_columns +
                ", bucket) DO UPDATE SET count = vitals_buckets.count + excluded.count",
            params);
}

void write_targets(connection& conn, const std::vector<const vitals_aggregate*>& rows) {
  key_arrays keys;
  std::vector<std::string> targets, types;
  std::vector<std::int64_t> counts;
  for (const auto* item : rows) {
    auto sorted = item->targets;
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
      return std::tie(a.target, a.interaction_type) < std::tie(b.target, b.interaction_type);
    });
    for (const auto& each : sorted) {
      keys.add(item->key);
      targets.push_back(each.target);
      types.push_back(each.interaction_type);
      counts.push_back(as_int(each.count));
    }
  }
  if (targets.empty()) return;
  auto params = keys.params();
  params.emplace_back(text_array(targets));
  params.emplace_back(text_array(types));
  params.emplace_back(number_array(counts));
  conn.exec(std::string("INSERT INTO vitals_targets (") + key_columns +
                ", target, interaction_type, count) SELECT * FROM unnest(" + unnest_key +
                ", $6::text[], $7::text[], $8::bigint[]) ON CONFLICT (" + key_columns +
                ", target, interaction_type) DO UPDATE SET count = vitals_targets.count + "
                "excluded.count",
            params);
  // Past the kept number, a key's least frequent targets fold into its empty target. The
  // DELETE returns only the rows it removed itself, so a replica folding the same key at the
  // same time cannot count them twice.
  conn.exec(std::string("WITH ranked AS (SELECT ") + key_columns +
                ", target, interaction_type, row_number() OVER (PARTITION BY " + key_columns +
                " ORDER BY count DESC, target, interaction_type) AS rank FROM vitals_targets "
                "WHERE target <> '' AND (" +
                key_columns + ") IN (SELECT * FROM unnest(" + unnest_key +
                "))), gone AS (DELETE FROM vitals_targets t USING ranked r WHERE r.rank > "
                "$6::bigint AND t.day = r.day AND t.route = r.route AND t.locale = r.locale AND "
                "t.device = r.device AND t.metric = r.metric AND t.target = r.target AND "
                "t.interaction_type = r.interaction_type RETURNING t.day, t.route, t.locale, "
                "t.device, t.metric, t.count) INSERT INTO vitals_targets (" +
                key_columns +
                ", target, interaction_type, count) SELECT day, route, locale, device, metric, "
                "'', '', sum(count) FROM gone GROUP BY day, route, locale, device, metric ON "
                "CONFLICT (" +
                key_columns +
                ", target, interaction_type) DO UPDATE SET count = vitals_targets.count + "
                "excluded.count",
            [&] {
              key_arrays touched;
              for (const auto* item : rows) {
                if (!item->targets.empty()) touched.add(item->key);
              }
              auto out = touched.params();
              out.emplace_back(std::to_string(vitals_targets_kept));
              return out;
            }());
}

// The WHERE of a query, its parameters numbered from $1.
std::string where_of(const vitals_query& query, std::vector<param>& params) {
  params.emplace_back(std::to_string(query.from_day));
  std::string out = " WHERE day >= $1::bigint";
  const std::pair<const char*, const std::string*> filters[] = {
      {"route", &query.route}, {"locale", &query.locale}, {"device", &query.device}};
  for (const auto& [column, value] : filters) {
    if (value->empty()) continue;
    params.emplace_back(*value);
    out += std::string(" AND ") + column + " = $" + std::to_string(params.size());
  }
  return out;
}

vitals_key read_key(const result& rows, int row) {
  return {rows.integer(row, 0), rows.text(row, 1), rows.text(row, 2), rows.text(row, 3),
          rows.text(row, 4)};
}

}  // namespace

void add_vitals(connection& conn, const std::vector<vitals_aggregate>& batch) {
  std::vector<const vitals_aggregate*> rows;
  for (const auto& item : batch) {
    if (item.count > 0) rows.push_back(&item);
  }
  if (rows.empty()) return;
  std::sort(rows.begin(), rows.end(), [](const auto* a, const auto* b) { return a->key < b->key; });
  transaction txn(conn);
  write_daily(conn, rows);
  write_buckets(conn, rows);
  write_targets(conn, rows);
  txn.commit();
}

std::vector<vitals_aggregate> read_vitals(connection& conn, const vitals_query& query) {
  std::vector<param> params;
  const auto where = where_of(query, params);
  std::vector<vitals_aggregate> out;
  std::map<vitals_key, std::size_t> index;
  const auto daily = conn.exec(std::string("SELECT ") + key_columns +
                                   ", count, good, needs_improvement, poor, min_value, max_value "
                                   "FROM vitals_daily" +
                                   where + " ORDER BY " + key_columns,
                               params);
  for (int row = 0; row < daily.rows(); ++row) {
    vitals_aggregate item;
    item.key = read_key(daily, row);
    item.count = static_cast<std::uint64_t>(daily.integer(row, 5));
    item.good = static_cast<std::uint64_t>(daily.integer(row, 6));
    item.needs_improvement = static_cast<std::uint64_t>(daily.integer(row, 7));
    item.poor = static_cast<std::uint64_t>(daily.integer(row, 8));
    item.min = daily.number(row, 9);
    item.max = daily.number(row, 10);
    index.emplace(item.key, out.size());
    out.push_back(std::move(item));
  }
  const auto buckets =
      conn.exec(std::string("SELECT ") + key_columns + ", bucket, count FROM vitals_buckets" +
                    where + " ORDER BY bucket",
                params);
  for (int row = 0; row < buckets.rows(); ++row) {
    if (const auto found = index.find(read_key(buckets, row)); found != index.end()) {
      out[found->second].buckets.push_back({static_cast<std::uint32_t>(buckets.integer(row, 5)),
                                            static_cast<std::uint64_t>(buckets.integer(row, 6))});
    }
  }
  const auto targets = conn.exec(std::string("SELECT ") + key_columns +
                                     ", target, interaction_type, count FROM vitals_targets" +
                                     where + " ORDER BY count DESC, target, interaction_type",
                                 params);
  for (int row = 0; row < targets.rows(); ++row) {
    if (const auto found = index.find(read_key(targets, row)); found != index.end()) {
      out[found->second].targets.push_back({targets.text(row, 5), targets.text(row, 6),
                                            static_cast<std::uint64_t>(targets.integer(row, 7))});
    }
  }
  return out;
}

std::int64_t prune_vitals(connection& conn, std::int64_t before_day) {
  transaction txn(conn);
  std::int64_t removed = 0;
  for (const char* table : {"vitals_daily", "vitals_buckets", "vitals_targets"}) {
    const auto rows = conn.exec(std::string("WITH gone AS (DELETE FROM ") + table +
                                    " WHERE day < $1::bigint RETURNING 1) SELECT count(*) FROM "
                                    "gone",
                                {std::to_string(before_day)});
    removed += rows.integer(0, 0);
  }
  txn.commit();
  return removed;
}

}  // namespace landing::storage::postgres
