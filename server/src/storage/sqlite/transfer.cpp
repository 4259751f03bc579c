#include "storage/sqlite/transfer.hpp"

#include "storage/sqlite/lead_row.hpp"
#include "storage/sqlite/outbox_rows.hpp"
#include "storage/sqlite/triage_rows.hpp"

namespace landing::storage::sqlite {

std::vector<transfer_role::stored_lead> transfer_tables::export_all() {
  return db_.read([](connection& conn) {
    statement query(conn, with_columns("SELECT ", " FROM leads l ORDER BY l.id").c_str());
    std::vector<lead> leads;
    while (query.step()) leads.push_back(read_lead(query));
    sqlite::attach_deliveries(conn, leads);
    auto desks = sqlite::export_desks(conn);
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
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    const auto& l = item.record;
    statement insert(conn,
                     "INSERT INTO leads (id, created_at, name, social, email, message, locale, "
                     "client, status, delivered_at, source, source_class, consent_version, "
                     "unproven) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) "
                     "DO NOTHING");
    insert.bind(1, l.id).bind(2, l.created_at).bind(3, l.fields.name).bind(4, l.fields.social);
    insert.bind(5, l.fields.email).bind(6, l.fields.message).bind(7, l.locale).bind(8, l.client);
    insert.bind(9, l.status);
    if (l.delivered_at == 0) {
      insert.bind_null(10);
    } else {
      insert.bind(10, l.delivered_at);
    }
    insert.bind(11, l.source).bind(12, l.source_class).bind(13, l.consent_version);
    insert.bind(14, std::int64_t{l.unproven ? 1 : 0});
    insert.step();
    if (conn.changes() == 0) return false;
    for (const auto& row : l.deliveries) sqlite::insert_delivery(conn, l.id, row);
    sqlite::import_desk(conn, l.id, item.desk);
    txn.commit();
    return true;
  });
}

}  // namespace landing::storage::sqlite
