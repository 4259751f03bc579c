// The copies of erased leads in the CRMs (storage/erasure.hpp, crm_copy), in PostgreSQL.
#include "storage/erasure_rules.hpp"
#include "storage/postgres/erasure.hpp"
#include "storage/postgres/lead_row.hpp"

namespace landing::storage::postgres {

std::string queue_crm_copies(connection& conn, const std::string& id, const std::string& reason,
                             std::int64_t at_ms) {
  const auto rows =
      conn.exec("SELECT channel FROM deliveries WHERE lead_id = $1 ORDER BY channel", {id});
  std::string crm;
  for (int i = 0; i < rows.rows(); ++i) {
    const auto channel = rows.text(i, 0);
    if (!is_crm(channel)) continue;
    conn.exec(
        "INSERT INTO crm_cleanup (lead_id, channel, reason, next_at) VALUES ($1, $2, $3, "
        "$4::bigint) ON CONFLICT (lead_id, channel) DO NOTHING",
        {id, channel, reason, str(at_ms + crm_copy_delay_ms)});
    crm = crm_with(crm, channel, "pending");
  }
  return crm;
}

std::vector<crm_copy> erasure_tables::crm_copies(std::int64_t now_ms, int limit) {
  return db_.run(false, [&](connection& conn) {
    const auto rows = conn.exec(
        "SELECT lead_id, channel, reason, attempts FROM crm_cleanup WHERE next_at <= $1::bigint "
        "ORDER BY next_at, lead_id, channel LIMIT $2::bigint",
        {str(now_ms), str(limit)});
    std::vector<crm_copy> out;
    out.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
      out.push_back({rows.text(i, 0), rows.text(i, 1), rows.text(i, 2), rows.integer(i, 3)});
    }
    return out;
  });
}

void erasure_tables::crm_copy_done(const std::string& lead_id, const std::string& channel,
                                   const std::string& outcome) {
  db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    conn.exec("DELETE FROM crm_cleanup WHERE lead_id = $1 AND channel = $2", {lead_id, channel});
    // Locked: two CRMs' outcomes for one lead each keep the other's.
    const auto record =
        conn.exec("SELECT crm FROM erasures WHERE lead_id = $1 FOR UPDATE", {lead_id});
    if (record.rows() > 0) {
      conn.exec("UPDATE erasures SET crm = $1 WHERE lead_id = $2",
                {crm_with(record.text(0, 0), channel, outcome), lead_id});
    }
    txn.commit();
    return true;
  });
}

void erasure_tables::crm_copy_later(const std::string& lead_id, const std::string& channel,
                                    std::int64_t next_at_ms) {
  db_.run(true, [&](connection& conn) {
    conn.exec(
        "UPDATE crm_cleanup SET attempts = attempts + 1, next_at = $1::bigint WHERE lead_id = $2 "
        "AND channel = $3",
        {str(next_at_ms), lead_id, channel});
    return true;
  });
}

bool erasure_tables::import_crm_copy(const crm_copy& copy) {
  return db_.run(true, [&](connection& conn) {
    return conn.exec(
                   "INSERT INTO crm_cleanup (lead_id, channel, reason, attempts) VALUES ($1, $2, "
                   "$3, $4::bigint) ON CONFLICT (lead_id, channel) DO NOTHING RETURNING 1",
                   {copy.lead_id, copy.channel, copy.reason, str(copy.attempts)})
               .rows() > 0;
  });
}

}  // namespace landing::storage::postgres
