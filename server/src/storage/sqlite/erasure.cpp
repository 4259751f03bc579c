#include "storage/sqlite/erasure.hpp"

#include "common/fold.hpp"
#include "storage/erasure_rules.hpp"

namespace landing::storage::sqlite {
namespace {

erasure read_erasure(const statement& row) {
  return {row.text(0), row.integer(1), row.integer(2), row.text(3), row.text(4),
          row.text(5), row.text(6),    row.text(7),    row.text(8)};
}

// A record, unless one for its lead is there already (a second migrate-db); whether it was added.
bool insert_erasure(connection& conn, const erasure& record) {
  statement(conn,
            "INSERT INTO erasures (lead_id, created_at, erased_at, reason, note, removed, "
            "delivery, chat, crm) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lead_id) DO "
            "NOTHING")
      .bind(1, record.lead_id)
      .bind(2, record.created_at)
      .bind(3, record.erased_at)
      .bind(4, record.reason)
      .bind(5, record.note)
      .bind(6, record.removed)
      .bind(7, record.delivery)
      .bind(8, record.chat)
      .bind(9, record.crm)
      .step();
  return conn.changes() > 0;
}

bool exists(connection& conn, const char* sql, const std::string& id) {
  statement query(conn, sql);
  query.bind(1, id);
  return query.step();
}

}  // namespace

void queue_orphan_message(connection& conn, const std::string& id, std::int64_t chat_id,
                          std::int64_t message_id, std::int64_t sent_at) {
  statement(
      conn,
      "INSERT INTO chat_cleanup (lead_id, chat_id, message_id, sent_at, reason) VALUES (?, ?, "
      "?, ?, coalesce((SELECT reason FROM erasures WHERE lead_id = ?), 'request')) ON "
      "CONFLICT (lead_id) DO NOTHING")
      .bind(1, id)
      .bind(2, chat_id)
      .bind(3, message_id)
      .bind(4, sent_at)
      .bind(5, id)
      .step();
  statement(conn, "UPDATE erasures SET chat = 'pending' WHERE lead_id = ? AND chat = 'none'")
      .bind(1, id)
      .step();
}

std::vector<std::string> erasure_tables::expired(std::int64_t created_before_ms, int limit) {
  return db_.read([&](connection& conn) {
    statement query(conn, "SELECT id FROM leads WHERE created_at < ? ORDER BY created_at LIMIT ?");
    query.bind(1, created_before_ms).bind(2, static_cast<std::int64_t>(limit));
    std::vector<std::string> out;
    while (query.step()) out.push_back(query.text(0));
    return out;
  });
}

std::vector<std::string> erasure_tables::leads_of(const std::string& email) {
  // SQL's lower() knows ASCII only: every address is folded here instead (a request is rare, a
  // scan of the addresses cheap).
  const auto key = fold::email_key(email);
  return db_.read([&](connection& conn) {
    statement query(conn, "SELECT id, email FROM leads ORDER BY id");
    std::vector<std::string> out;
    while (query.step()) {
      if (fold::email_key(query.text(1)) == key) out.push_back(query.text(0));
    }
    return out;
  });
}

std::vector<erasure> erasure_tables::erase(const std::vector<std::string>& ids,
                                           const std::string& reason, const std::string& note,
                                           std::int64_t at_ms) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    std::vector<erasure> out;
    transaction txn(conn);
    for (const auto& id : ids) {
      statement lead(conn, "SELECT status, created_at FROM leads WHERE id = ?");
      lead.bind(1, id);
      if (!lead.step()) continue;
      erasure record{id, lead.integer(1), at_ms, reason, note, {}, {}, "none"};
      record.delivery = delivery_when_erased(lead.text(0));
      const bool queued =
          exists(conn, "SELECT 1 FROM deliveries WHERE lead_id = ? AND status = 'pending'", id);
      const bool triage = exists(conn, "SELECT 1 FROM lead_triage WHERE lead_id = ?", id);
      statement events(conn, "SELECT count(*) FROM lead_events WHERE lead_id = ?");
      events.bind(1, id).step();
      statement message(
          conn,
          "SELECT m.chat_id, m.message_id, coalesce((SELECT d.delivered_at FROM deliveries d "
          "WHERE d.lead_id = l.id AND d.channel = 'telegram'), l.created_at) FROM lead_messages "
          "m JOIN leads l ON l.id = m.lead_id WHERE m.lead_id = ?");
      message.bind(1, id);
      const bool has_message = message.step();
      if (has_message) {
        statement(conn,
                  "INSERT INTO chat_cleanup (lead_id, chat_id, message_id, sent_at, reason) VALUES "
                  "(?, ?, ?, ?, ?) ON CONFLICT (lead_id) DO NOTHING")
            .bind(1, id)
            .bind(2, message.integer(0))
            .bind(3, message.integer(1))
            .bind(4, message.integer(2))
            .bind(5, reason)
            .step();
        record.chat = "pending";
      }
      record.crm = queue_crm_copies(conn, id, reason, at_ms);
      record.removed = removed_parts(queued, triage, events.integer(0), has_message);
      for (const char* sql :
           {"DELETE FROM lead_events WHERE lead_id = ?",
            "DELETE FROM lead_triage WHERE lead_id = ?",
            "DELETE FROM lead_messages WHERE lead_id = ?",
            "DELETE FROM deliveries WHERE lead_id = ?",
            "DELETE FROM delivery_attempts WHERE lead_id = ?", "DELETE FROM leads WHERE id = ?"}) {
        statement(conn, sql).bind(1, id).step();
      }
      insert_erasure(conn, record);
      out.push_back(std::move(record));
    }
    if (!out.empty()) {
      statement(conn,
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
                "value = excluded.value")
          .bind(1, scrub_pending_key)
          .bind(2, scrub_generation())
          .step();
    }
    txn.commit();
    return out;
  });
}

bool erasure_tables::scrub_erased() {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    // secure_delete zeroed the rows in the pages the erasure wrote, but the log still holds the
    // pages as they were before, as each later write does until a checkpoint: copy it into the
    // file and empty it. A reader elsewhere that holds an older snapshot makes this wait, and
    // fail after the busy timeout; the note stays, so the next caller tries again.
    std::string generation;
    {
      statement query(conn, "SELECT value FROM settings WHERE key = ?");
      query.bind(1, scrub_pending_key);
      if (!query.step()) return false;
      generation = query.text(0);
    }
    // Pages freed before secure deletion was on are rewritten only by a VACUUM (migration 10).
    if (exists(conn, "SELECT 1 FROM settings WHERE key = ?", vacuum_pending_key)) {
      conn.exec("VACUUM");
      statement(conn, "DELETE FROM settings WHERE key = ?").bind(1, vacuum_pending_key).step();
    }
    conn.checkpoint_truncate();
    statement(conn, "DELETE FROM settings WHERE key = ? AND value = ?")
        .bind(1, scrub_pending_key)
        .bind(2, generation)
        .step();
    return true;
  });
}

std::vector<erasure> erasure_tables::erasures(std::int64_t since_ms) {
  return db_.read([&](connection& conn) {
    statement query(conn,
                    "SELECT lead_id, created_at, erased_at, reason, note, removed, delivery, chat, "
                    "crm FROM erasures WHERE erased_at >= ? ORDER BY erased_at, lead_id");
    query.bind(1, since_ms);
    std::vector<erasure> out;
    while (query.step()) out.push_back(read_erasure(query));
    return out;
  });
}

std::vector<chat_copy> erasure_tables::chat_copies(std::int64_t now_ms, int limit) {
  return db_.read([&](connection& conn) {
    statement query(conn,
                    "SELECT lead_id, chat_id, message_id, sent_at, reason, attempts FROM "
                    "chat_cleanup WHERE next_at <= ? ORDER BY sent_at LIMIT ?");
    query.bind(1, now_ms).bind(2, static_cast<std::int64_t>(limit));
    std::vector<chat_copy> out;
    while (query.step()) {
      out.push_back({query.text(0), query.integer(1), query.integer(2), query.integer(3),
                     query.text(4), query.integer(5)});
    }
    return out;
  });
}

void erasure_tables::chat_copy_done(const std::string& lead_id, const std::string& outcome) {
  db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement(conn, "DELETE FROM chat_cleanup WHERE lead_id = ?").bind(1, lead_id).step();
    statement(conn, "UPDATE erasures SET chat = ? WHERE lead_id = ?")
        .bind(1, outcome)
        .bind(2, lead_id)
        .step();
    txn.commit();
    return true;
  });
}

void erasure_tables::chat_copy_later(const std::string& lead_id, std::int64_t next_at_ms) {
  db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    statement(conn,
              "UPDATE chat_cleanup SET attempts = attempts + 1, next_at = ? WHERE lead_id = ?")
        .bind(1, next_at_ms)
        .bind(2, lead_id)
        .step();
    return true;
  });
}

bool erasure_tables::import_erasure(const erasure& record) {
  return db_.write(file_guard::purpose::outcome,
                   [&](connection& conn) { return insert_erasure(conn, record); });
}

bool erasure_tables::import_chat_copy(const chat_copy& copy) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    statement(conn,
              "INSERT INTO chat_cleanup (lead_id, chat_id, message_id, sent_at, reason, attempts) "
              "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (lead_id) DO NOTHING")
        .bind(1, copy.lead_id)
        .bind(2, copy.chat_id)
        .bind(3, copy.message_id)
        .bind(4, copy.sent_at)
        .bind(5, copy.reason)
        .bind(6, copy.attempts)
        .step();
    return conn.changes() > 0;
  });
}

}  // namespace landing::storage::sqlite
