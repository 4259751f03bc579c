// The copies of erased leads in the CRMs (storage/erasure.hpp, crm_copy), in SQLite.
#include "storage/erasure_rules.hpp"
#include "storage/sqlite/erasure.hpp"

namespace landing::storage::sqlite {

std::string queue_crm_copies(connection& conn, const std::string& id, const std::string& reason,
                             std::int64_t at_ms) {
  std::vector<std::string> channels;
  {
    statement rows(conn, "SELECT channel FROM deliveries WHERE lead_id = ? ORDER BY channel");
    rows.bind(1, id);
    while (rows.step()) {
      if (is_crm(rows.text(0))) channels.push_back(rows.text(0));
    }
  }
  std::string crm;
  for (const auto& channel : channels) {
    statement(conn,
              "INSERT INTO crm_cleanup (lead_id, channel, reason, next_at) VALUES (?, ?, ?, ?) "
              "ON CONFLICT (lead_id, channel) DO NOTHING")
        .bind(1, id)
        .bind(2, channel)
        .bind(3, reason)
        .bind(4, at_ms + crm_copy_delay_ms)
        .step();
    crm = crm_with(crm, channel, "pending");
  }
  return crm;
}

std::vector<crm_copy> erasure_tables::crm_copies(std::int64_t now_ms, int limit) {
  return db_.read([&](connection& conn) {
    statement query(conn,
                    "SELECT lead_id, channel, reason, attempts FROM crm_cleanup WHERE next_at <= ? "
                    "ORDER BY next_at, lead_id, channel LIMIT ?");
    query.bind(1, now_ms).bind(2, static_cast<std::int64_t>(limit));
    std::vector<crm_copy> out;
    while (query.step()) {
      out.push_back({query.text(0), query.text(1), query.text(2), query.integer(3)});
    }
    return out;
  });
}

void erasure_tables::crm_copy_done(const std::string& lead_id, const std::string& channel,
                                   const std::string& outcome) {
  db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement(conn, "DELETE FROM crm_cleanup WHERE lead_id = ? AND channel = ?")
        .bind(1, lead_id)
        .bind(2, channel)
        .step();
    statement record(conn, "SELECT crm FROM erasures WHERE lead_id = ?");
    record.bind(1, lead_id);
    if (record.step()) {
      statement(conn, "UPDATE erasures SET crm = ? WHERE lead_id = ?")
          .bind(1, crm_with(record.text(0), channel, outcome))
          .bind(2, lead_id)
          .step();
    }
    txn.commit();
    return true;
  });
}

void erasure_tables::crm_copy_later(const std::string& lead_id, const std::string& channel,
                                    std::int64_t next_at_ms) {
  db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    statement(conn,
              "UPDATE crm_cleanup SET attempts = attempts + 1, next_at = ? WHERE lead_id = ? AND "
              "channel = ?")
        .bind(1, next_at_ms)
        .bind(2, lead_id)
        .bind(3, channel)
        .step();
    return true;
  });
}

bool erasure_tables::import_crm_copy(const crm_copy& copy) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    statement(conn,
              "INSERT INTO crm_cleanup (lead_id, channel, reason, attempts) VALUES (?, ?, ?, ?) "
              "ON CONFLICT (lead_id, channel) DO NOTHING")
        .bind(1, copy.lead_id)
        .bind(2, copy.channel)
        .bind(3, copy.reason)
        .bind(4, copy.attempts)
        .step();
    return conn.changes() > 0;
  });
}

}  // namespace landing::storage::sqlite
