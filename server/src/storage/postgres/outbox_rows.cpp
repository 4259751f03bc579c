#include "storage/postgres/outbox_rows.hpp"

#include <unordered_map>

#include "storage/postgres/lead_row.hpp"

namespace landing::storage::postgres {
namespace {

constexpr const char* delivery_columns =
    "channel, status, attempts, last_error, next_attempt_at, coalesce(delivered_at, 0)";

channel_delivery read_delivery(const result& rows, int row, int first) {
  return {rows.text(row, first),     rows.text(row, first + 1),    rows.integer(row, first + 2),
          rows.text(row, first + 3), rows.integer(row, first + 4), rows.integer(row, first + 5)};
}

}  // namespace

std::vector<channel_delivery> deliveries_of(connection& conn, const std::string& id) {
  const auto rows = conn.exec(std::string("SELECT ") + delivery_columns +
                                  " FROM deliveries WHERE lead_id = $1 ORDER BY channel",
                              {id});
  std::vector<channel_delivery> out;
  out.reserve(static_cast<std::size_t>(rows.rows()));
  for (int i = 0; i < rows.rows(); ++i) out.push_back(read_delivery(rows, i, 0));
  return out;
}

void attach_deliveries(connection& conn, std::vector<lead>& leads) {
  std::unordered_map<std::string, lead*> by_id;
  for (auto& item : leads) by_id.emplace(item.id, &item);
  const auto rows = conn.exec(std::string("SELECT lead_id, ") + delivery_columns +
                              " FROM deliveries ORDER BY lead_id, channel");
  for (int i = 0; i < rows.rows(); ++i) {
    if (const auto found = by_id.find(rows.text(i, 0)); found != by_id.end()) {
      found->second->deliveries.push_back(read_delivery(rows, i, 1));
    }
  }
}

void sum_status(connection& conn, const char* where, const std::string& bind) {
  // One correlated subquery per lead, which walks the lead's rows by the primary key. EXISTS
  // tests here let the planner hash the whole table instead, and with statistics not yet
  // gathered (a table that grew by thousands of rows since the last ANALYZE) it did: 28 ms to
  // sum 32 leads among 80,000 rows, where this takes under 1.
  static const std::string sum =
      "CASE WHEN bool_or(d.status = 'delivered') THEN 'delivered' WHEN bool_or(d.status = "
      "'pending') THEN 'pending' ELSE 'failed' END, min(d.delivered_at)";
  static const std::string rows = " FROM deliveries d WHERE d.lead_id = leads.id)";
  // Only a lead whose sum changed is written: with three channels, the second and third to
  // settle a delivered lead found it delivered already, and each rewrite of the row was a new
  // version of all of it (the message included) with an entry in each of its indexes.
  conn.exec("UPDATE leads SET (status, delivered_at) = (SELECT " + sum + rows +
                " WHERE status NOT IN ('held', 'spam') AND " + std::string(where) +
                " AND ROW(status, delivered_at) IS DISTINCT FROM (SELECT ROW(" + sum + ")" + rows,
            {bind});
}

void insert_delivery(connection& conn, const std::string& id, const channel_delivery& row) {
  conn.exec(
      "INSERT INTO deliveries (lead_id, channel, status, attempts, last_error, next_attempt_at, "
      "delivered_at) VALUES ($1, $2, $3, $4::integer, $5, $6::bigint, $7::bigint) ON CONFLICT "
      "(lead_id, channel) DO NOTHING",
      {id, row.channel, row.status, str(row.attempts), row.last_error, str(row.next_attempt_at),
       row.delivered_at == 0 ? param{} : param{str(row.delivered_at)}});
}

}  // namespace landing::storage::postgres
