#include "storage/sqlite/outbox_rows.hpp"

#include <unordered_map>

namespace landing::storage::sqlite {
namespace {

constexpr const char* delivery_columns =
    "channel, status, attempts, last_error, next_attempt_at, coalesce(delivered_at, 0)";

channel_delivery read_delivery(const statement& row, int first) {
  return {row.text(first),     row.text(first + 1),    row.integer(first + 2),
          row.text(first + 3), row.integer(first + 4), row.integer(first + 5)};
}

}  // namespace

std::vector<channel_delivery> deliveries_of(connection& conn, const std::string& id) {
  statement query(conn, (std::string("SELECT ") + delivery_columns +
                         " FROM deliveries WHERE lead_id = ? ORDER BY channel")
                            .c_str());
  query.bind(1, id);
  std::vector<channel_delivery> out;
  while (query.step()) out.push_back(read_delivery(query, 0));
  return out;
}

void attach_deliveries(connection& conn, std::vector<lead>& leads) {
  std::unordered_map<std::string, lead*> by_id;
  for (auto& item : leads) by_id.emplace(item.id, &item);
  statement query(conn, (std::string("SELECT lead_id, ") + delivery_columns +
                         " FROM deliveries ORDER BY lead_id, channel")
                            .c_str());
  while (query.step()) {
    if (const auto found = by_id.find(query.text(0)); found != by_id.end()) {
      found->second->deliveries.push_back(read_delivery(query, 1));
    }
  }
}

void sum_status(connection& conn, const char* where, const std::string& bind) {
  static const std::string status =
      "CASE WHEN EXISTS (SELECT 1 FROM deliveries d WHERE d.lead_id = leads.id AND d.status = "
      "'delivered') THEN 'delivered' WHEN EXISTS (SELECT 1 FROM deliveries d WHERE d.lead_id = "
      "leads.id AND d.status = 'pending') THEN 'pending' ELSE 'failed' END";
  static const std::string delivered_at =
      "(SELECT min(d.delivered_at) FROM deliveries d WHERE d.lead_id = leads.id)";
  // Only a lead whose sum changed is written: with three channels, the second and third to
  // settle a delivered lead found it delivered already.
  const std::string sql =
      "UPDATE leads SET status = " + status + ", delivered_at = " + delivered_at +
      " WHERE status NOT IN ('held', 'spam') AND " + where + " AND (status IS NOT " + status +
      " OR delivered_at IS NOT " + delivered_at + ")";
  statement(conn, sql.c_str()).bind(1, bind).step();
}

void insert_delivery(connection& conn, const std::string& id, const channel_delivery& row) {
  statement insert(conn,
                   "INSERT INTO deliveries (lead_id, channel, status, attempts, last_error, "
                   "next_attempt_at, delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT "
                   "(lead_id, channel) DO NOTHING");
  insert.bind(1, id).bind(2, row.channel).bind(3, row.status).bind(4, row.attempts);
  insert.bind(5, row.last_error).bind(6, row.next_attempt_at);
  if (row.delivered_at == 0) {
    insert.bind_null(7);
  } else {
    insert.bind(7, row.delivered_at);
  }
  insert.step();
}

}  // namespace landing::storage::sqlite
