#include "storage/sqlite/transfer.hpp"

#include "storage/sqlite/lead_row.hpp"
#include "storage/sqlite/triage_rows.hpp"

namespace landing::storage::sqlite {

std::vector<transfer_role::stored_lead> transfer_tables::export_all() {
  return db_.read([](connection& conn) {
    statement query(conn, with_columns("SELECT ",
                                       ", o.next_attempt_at, o.lead_id IS NOT NULL FROM leads l "
                                       "LEFT JOIN outbox o ON o.lead_id = l.id ORDER BY l.id")
                              .c_str());
    auto desks = sqlite::export_desks(conn);
    std::vector<stored_lead> out;
    while (query.step()) {
      stored_lead item{read_lead(query), query.integer(lead_column_count + 1) != 0};
      item.record.next_attempt_at = query.integer(lead_column_count);
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
                     "client, status, attempts, last_error, delivered_at, source, source_class, "
                     "consent_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON "
                     "CONFLICT (id) DO NOTHING");
    insert.bind(1, l.id).bind(2, l.created_at).bind(3, l.fields.name).bind(4, l.fields.social);
    insert.bind(5, l.fields.email).bind(6, l.fields.message).bind(7, l.locale).bind(8, l.client);
    insert.bind(9, l.status).bind(10, l.attempts);
    if (l.last_error.empty()) {
      insert.bind_null(11);
    } else {
      insert.bind(11, l.last_error);
    }
    if (l.delivered_at == 0) {
      insert.bind_null(12);
    } else {
      insert.bind(12, l.delivered_at);
    }
    insert.bind(13, l.source).bind(14, l.source_class).bind(15, l.consent_version);
    insert.step();
    if (conn.changes() == 0) return false;
    if (item.queued) {
      statement(conn, "INSERT INTO outbox (lead_id, next_attempt_at) VALUES (?, ?)")
          .bind(1, l.id)
          .bind(2, l.next_attempt_at)
          .step();
    }
    sqlite::import_desk(conn, l.id, item.desk);
    txn.commit();
    return true;
  });
}

}  // namespace landing::storage::sqlite
