#include "storage/postgres/transfer.hpp"

#include "storage/postgres/lead_row.hpp"
#include "storage/postgres/outbox_rows.hpp"
#include "storage/postgres/triage_rows.hpp"

namespace landing::storage::postgres {

std::vector<transfer_role::stored_lead> transfer_tables::export_all() {
  return db_.run(false, [](connection& conn) {
    const auto rows = conn.exec(with_columns("SELECT ", " FROM leads l ORDER BY l.id"));
    std::vector<lead> leads;
    leads.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) leads.push_back(read_lead(rows, i));
    postgres::attach_deliveries(conn, leads);
    auto desks = postgres::export_desks(conn);
    std::vector<stored_lead> out;
    for (auto& record : leads) {
      stored_lead item{std::move(record)};
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
        "delivered_at, source, source_class, consent_version, unproven) VALUES ($1, $2::bigint, "
        "$3, $4, $5, $6, $7, $8, $9, $10::bigint, $11, $12, $13, $14::integer) ON CONFLICT (id) DO "
        "NOTHING RETURNING id",
        {l.id, str(l.created_at), l.fields.name, l.fields.social, l.fields.email, l.fields.message,
         l.locale, l.client, l.status, l.delivered_at == 0 ? param{} : param{str(l.delivered_at)},
         l.source, l.source_class, l.consent_version, l.unproven ? "1" : "0"});
    if (inserted.rows() == 0) return false;
    for (const auto& row : l.deliveries) postgres::insert_delivery(conn, l.id, row);
    postgres::import_desk(conn, l.id, item.desk);
    txn.commit();
    return true;
  });
}

}  // namespace landing::storage::postgres
