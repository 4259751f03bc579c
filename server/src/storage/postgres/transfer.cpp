#include "storage/postgres/transfer.hpp"

#include "storage/postgres/lead_row.hpp"
#include "storage/postgres/triage_rows.hpp"

namespace landing::storage::postgres {

std::vector<transfer_role::stored_lead> transfer_tables::export_all() {
  return db_.run(false, [](connection& conn) {
    const auto rows = conn.exec(
        with_columns("SELECT ",
                     ", o.next_attempt_at, o.lead_id IS NOT NULL FROM leads l LEFT JOIN outbox o "
                     "ON o.lead_id = l.id ORDER BY l.id"));
    auto desks = postgres::export_desks(conn);
    std::vector<stored_lead> out;
    for (int i = 0; i < rows.rows(); ++i) {
      stored_lead item{read_lead(rows, i), rows.text(i, lead_column_count + 1) == "t"};
      item.record.next_attempt_at = rows.integer(i, lead_column_count);
      if (const auto found = desks.find(item.record.id); found != desks.end()) {
        item.desk = std::move(found->second);
      }
      out.push_back(std::move(item));
    }
    return out;
  });
}

bool transfer_tables::import(const stored_lead& item) {
  return db_.run(true, [&](connection& conn) {
    const auto& l = item.record;
    transaction txn(conn);
    const auto inserted = conn.exec(
        "INSERT INTO leads (id, created_at, name, social, email, message, locale, client, status, "
        "attempts, last_error, delivered_at, source, source_class, consent_version) VALUES ($1, "
        "$2::bigint, $3, $4, $5, $6, $7, $8, $9, $10::integer, $11, $12::bigint, $13, $14, $15) ON "
        "CONFLICT (id) DO NOTHING RETURNING id",
        {l.id, str(l.created_at), l.fields.name, l.fields.social, l.fields.email, l.fields.message,
         l.locale, l.client, l.status, str(l.attempts),
         l.last_error.empty() ? param{} : param{l.last_error},
         l.delivered_at == 0 ? param{} : param{str(l.delivered_at)}, l.source, l.source_class,
         l.consent_version});
    if (inserted.rows() == 0) return false;
    if (item.queued) {
      conn.exec("INSERT INTO outbox (lead_id, next_attempt_at) VALUES ($1, $2::bigint)",
                {l.id, str(l.next_attempt_at)});
    }
    postgres::import_desk(conn, l.id, item.desk);
    txn.commit();
    return true;
  });
}

}  // namespace landing::storage::postgres
