#include "storage/sqlite/leads.hpp"

#include "common/clock.hpp"
#include "storage/sqlite/lead_row.hpp"
#include "storage/sqlite/outbox_rows.hpp"

namespace landing::storage::sqlite {
std::vector<std::string> lead_table::insert_batch(const std::vector<new_lead>& leads,
                                                  const std::vector<std::string>& channels) {
  const bool held = channels.empty();
  return db_.write(file_guard::purpose::new_lead, [&](connection& conn) {
    std::vector<std::string> ids;
    ids.reserve(leads.size());
    const auto created = clock::now_ms();
    transaction txn(conn);
    statement insert(
        conn,
        "INSERT INTO leads (id, created_at, name, social, email, message, locale, "
        "client, status, source, source_class, consent_version, unproven, message_key) VALUES "
        "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    statement enqueue(conn,
                      "INSERT INTO deliveries (lead_id, channel, status, next_attempt_at) VALUES "
                      "(?, ?, 'pending', ?)");
    for (const auto& item : leads) {
      std::string id = db_.make_id(created);
      const char* status = item.spam ? "spam" : held ? "held" : "pending";
      insert.bind(1, id).bind(2, created).bind(3, item.fields.name).bind(4, item.fields.social);
      insert.bind(5, item.fields.email).bind(6, item.fields.message).bind(7, item.locale);
      insert.bind(8, item.client).bind(9, std::string_view(status));
      insert.bind(10, item.source).bind(11, item.source_class).bind(12, item.consent_version);
      insert.bind(13, std::int64_t{item.unproven ? 1 : 0}).bind(14, item.message_key);
      insert.step();
      insert.reset();
      // Spam is kept for the record but never enters the outbox.
      for (const auto& channel : item.spam ? std::vector<std::string>{} : channels) {
        enqueue.bind(1, id).bind(2, channel).bind(3, created);
        enqueue.step();
        enqueue.reset();
      }
      ids.push_back(std::move(id));
    }
    txn.commit();
    return ids;
  });
}

std::int64_t lead_table::release_held(const std::vector<std::string>& channels) {
  if (channels.empty()) return 0;
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    for (const auto& channel : channels) {
      statement(conn,
                "INSERT INTO deliveries (lead_id, channel, status, next_attempt_at) SELECT id, ?, "
                "'pending', ? FROM leads WHERE status = 'held' ON CONFLICT DO NOTHING")
          .bind(1, channel)
          .bind(2, clock::now_ms())
          .step();
    }
    conn.exec("UPDATE leads SET status = 'pending' WHERE status = 'held'");
    const auto released = conn.changes();
    txn.commit();
    return released;
  });
}

std::optional<lead> lead_table::find(const std::string& id) {
  return db_.read([&](connection& conn) -> std::optional<lead> {
    statement query(conn, with_columns("SELECT ", " FROM leads l WHERE l.id = ?").c_str());
    query.bind(1, id);
    if (!query.step()) return std::nullopt;
    auto out = read_lead(query);
    out.deliveries = deliveries_of(conn, id);
    return out;
  });
}

std::vector<std::pair<std::string, std::string>> lead_table::senders_of(
    const std::vector<std::string>& keys, std::int64_t since_ms) {
  return db_.read([&](connection& conn) {
    std::vector<std::pair<std::string, std::string>> out;
    statement query(conn,
                    "SELECT DISTINCT client FROM leads WHERE message_key = ? AND created_at >= ?");
    for (const auto& key : keys) {
      if (key.empty()) continue;
      query.bind(1, key).bind(2, since_ms);
      while (query.step()) out.emplace_back(key, query.text(0));
      query.reset();
    }
    return out;
  });
}

std::vector<lead> lead_table::list(const std::string& status) {
  return db_.read([&](connection& conn) {
    statement query(
        conn, with_columns("SELECT ", " FROM leads l WHERE ? = '' OR l.status = ? ORDER BY l.id")
                  .c_str());
    query.bind(1, status).bind(2, status);
    std::vector<lead> out;
    while (query.step()) out.push_back(read_lead(query));
    attach_deliveries(conn, out);
    return out;
  });
}

}  // namespace landing::storage::sqlite
