#include "storage/postgres/erasure.hpp"

#include <chrono>
#include <thread>

#include "common/fold.hpp"
#include "storage/erasure_rules.hpp"
#include "storage/fault.hpp"
#include "storage/postgres/lead_row.hpp"

namespace landing::storage::postgres {
namespace {

std::vector<std::string> ids_of(const result& rows) {
  std::vector<std::string> out;
  out.reserve(static_cast<std::size_t>(rows.rows()));
  for (int i = 0; i < rows.rows(); ++i) out.push_back(rows.text(i, 0));
  return out;
}

// A record, unless one for its lead is there already (a second migrate-db); whether it was added.
bool insert_erasure(connection& conn, const erasure& record) {
  return conn.exec(
                 "INSERT INTO erasures (lead_id, created_at, erased_at, reason, note, removed, "
                 "delivery, chat, crm) VALUES ($1, $2::bigint, $3::bigint, $4, $5, $6, $7, $8, "
                 "$9) ON CONFLICT (lead_id) DO NOTHING RETURNING 1",
                 {record.lead_id, str(record.created_at), str(record.erased_at), record.reason,
                  record.note, record.removed, record.delivery, record.chat, record.crm})
             .rows() > 0;
}

// VACUUM FULL keeps a deleted row that an older transaction may still see, so the rewrite waits
// until none is left (pg_stat_activity shows every session, whoever its role): a session of this
// database whose snapshot is older (backend_xmin); a transaction anywhere in the cluster whose
// id is older (backend_xid: one that wrote keeps it between statements, with no snapshot), since
// a snapshot taken here, the rewrite's own too, starts at the oldest id running in any database;
// a prepared transaction; a standby's query that hot_standby_feedback reports (its walsender's
// xmin); a replication slot's xmin. The server's own transactions last milliseconds; an
// operator's session left open in a transaction, or a long report on a standby, holds the scrub
// off, and after 10 s the scrub gives up, naming it, for the next pass to try again.
void wait_for_older_transactions(connection& conn) {
  const auto since = conn.exec("SELECT pg_current_xact_id()::xid::text").text(0, 0);
  for (int tries = 0;; ++tries) {
    const auto older = conn.exec(
        "SELECT 'session ' || pid || ' (' || coalesce(application_name, '') || ', ' || "
        "coalesce(state, '') || ', ' || coalesce(datname, '') || ')' FROM pg_stat_activity WHERE "
        "pid <> pg_backend_pid() AND ((datname = current_database() AND backend_xmin IS NOT NULL "
        "AND age(backend_xmin) >= age($1::xid)) OR "
        "(backend_xid IS NOT NULL AND age(backend_xid) >= age($1::xid))) "
        "UNION ALL SELECT 'the prepared transaction ' || gid FROM pg_prepared_xacts WHERE "
        "age(transaction) >= age($1::xid) "
        "UNION ALL SELECT 'the standby ' || coalesce(nullif(application_name, ''), "
        "client_addr::text, 'on a socket') || ' (hot_standby_feedback)' FROM pg_stat_replication "
        "WHERE backend_xmin IS NOT NULL AND age(backend_xmin) >= age($1::xid) "
        "UNION ALL SELECT 'the replication slot ' || slot_name FROM pg_replication_slots "
        "WHERE xmin IS NOT NULL AND age(xmin) >= age($1::xid) LIMIT 1",
        {since});
    if (older.rows() == 0) return;
    if (tries == 100) {
      throw storage::error(
          fault::write_failed,
          older.text(0, 0) + " holds a transaction older than the erasure, which keeps its rows");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace

void queue_orphan_message(connection& conn, const std::string& id, std::int64_t chat_id,
                          std::int64_t message_id, std::int64_t sent_at) {
  conn.exec(
      "INSERT INTO chat_cleanup (lead_id, chat_id, message_id, sent_at, reason) VALUES ($1, "
      "$2::bigint, $3::bigint, $4::bigint, coalesce((SELECT reason FROM erasures WHERE lead_id = "
      "$1), 'request')) ON CONFLICT (lead_id) DO NOTHING",
      {id, str(chat_id), str(message_id), str(sent_at)});
  conn.exec("UPDATE erasures SET chat = 'pending' WHERE lead_id = $1 AND chat = 'none'", {id});
}

std::vector<std::string> erasure_tables::expired(std::int64_t created_before_ms, int limit) {
  return db_.run(false, [&](connection& conn) {
    return ids_of(conn.exec(
        "SELECT id FROM leads WHERE created_at < $1::bigint ORDER BY created_at LIMIT $2::bigint",
        {str(created_before_ms), str(limit)}));
  });
}

std::vector<std::string> erasure_tables::leads_of(const std::string& email) {
  // lower() follows the database's collation, ASCII only under C: every address is folded here
  // instead (a request is rare, a scan of the addresses cheap).
  const auto key = fold::email_key(email);
  return db_.run(false, [&](connection& conn) {
    const auto rows = conn.exec("SELECT id, email FROM leads ORDER BY id");
    std::vector<std::string> out;
    for (int i = 0; i < rows.rows(); ++i) {
      if (fold::email_key(rows.text(i, 1)) == key) out.push_back(rows.text(i, 0));
    }
    return out;
  });
}

std::vector<erasure> erasure_tables::erase(const std::vector<std::string>& ids,
                                           const std::string& reason, const std::string& note,
                                           std::int64_t at_ms) {
  return db_.run(true, [&](connection& conn) {
    std::vector<erasure> out;
    transaction txn(conn);
    for (const auto& id : ids) {
      // Locked, so an outcome another replica records meanwhile waits and then finds no lead.
      const auto lead = conn.exec(
          "SELECT status, created_at, (SELECT count(*) FROM deliveries WHERE lead_id = l.id AND "
          "status = 'pending'), "
          "(SELECT count(*) FROM lead_triage WHERE lead_id = l.id), (SELECT count(*) FROM "
          "lead_events WHERE lead_id = l.id) FROM leads l WHERE id = $1 FOR UPDATE",
          {id});
      if (lead.rows() == 0) continue;
      erasure record{id, lead.integer(0, 1), at_ms, reason, note, {}, {}, "none"};
      record.delivery = delivery_when_erased(lead.text(0, 0));
      const auto queued = conn.exec(
          "INSERT INTO chat_cleanup (lead_id, chat_id, message_id, sent_at, reason) SELECT "
          "m.lead_id, m.chat_id, m.message_id, coalesce((SELECT d.delivered_at FROM deliveries d "
          "WHERE d.lead_id = l.id AND d.channel = 'telegram'), l.created_at), $2 FROM "
          "lead_messages m JOIN leads l ON l.id = m.lead_id WHERE m.lead_id = $1 ON CONFLICT "
          "(lead_id) DO NOTHING RETURNING 1",
          {id, reason});
      const bool has_message = queued.rows() > 0;
      if (has_message) record.chat = "pending";
      record.crm = queue_crm_copies(conn, id, reason, at_ms);
      record.removed = removed_parts(lead.integer(0, 2) > 0, lead.integer(0, 3) > 0,
                                     lead.integer(0, 4), has_message);
      for (const char* sql : {"DELETE FROM lead_events WHERE lead_id = $1",
                              "DELETE FROM lead_triage WHERE lead_id = $1",
                              "DELETE FROM lead_messages WHERE lead_id = $1",
                              "DELETE FROM deliveries WHERE lead_id = $1",
                              "DELETE FROM delivery_attempts WHERE lead_id = $1",
                              "DELETE FROM leads WHERE id = $1"}) {
        conn.exec(sql, {id});
      }
      insert_erasure(conn, record);
      out.push_back(std::move(record));
    }
    if (!out.empty()) {
      conn.exec(
          "INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET "
          "value = excluded.value",
          {scrub_pending_key, scrub_generation()});
    }
    txn.commit();
    return out;
  });
}

bool erasure_tables::scrub_erased() {
  return db_.run(true, [&](connection& conn) {
    const auto pending =
        conn.exec("SELECT value FROM settings WHERE key = $1", {scrub_pending_key});
    if (pending.rows() == 0) return false;
    const auto generation = pending.text(0, 0);
    // Only leads holds a person's words (its statistics target for them is 0, migration 10, so
    // ANALYZE copies none into pg_statistic). A plain VACUUM frees a dead row's line pointer but
    // leaves its bytes in the page; VACUUM FULL writes the live rows into new files and
    // truncates the old ones at once. It locks the table: a short lock_timeout lets waiting
    // lead inserts through rather than queue behind it, and the caller tries again later.
    wait_for_older_transactions(conn);
    conn.exec("SET lock_timeout = '2s'");
    for (int attempt = 1;; ++attempt) {
      try {
        conn.exec("VACUUM (FULL) leads");
        break;
      } catch (const error& e) {
        // 55P03: the lock was not granted in time. The pause lets the inserts through.
        if (e.sqlstate == "55P03" && attempt < 5) {
          std::this_thread::sleep_for(std::chrono::milliseconds(500));
          continue;
        }
        if (!e.connection_lost) conn.exec("RESET lock_timeout");
        throw;
      }
    }
    conn.exec("RESET lock_timeout");
    conn.exec("DELETE FROM settings WHERE key = $1 AND value = $2",
              {scrub_pending_key, generation});
    return true;
  });
}

std::vector<erasure> erasure_tables::erasures(std::int64_t since_ms) {
  return db_.run(false, [&](connection& conn) {
    const auto rows = conn.exec(
        "SELECT lead_id, created_at, erased_at, reason, note, removed, delivery, chat, crm "
        "FROM erasures WHERE erased_at >= $1::bigint ORDER BY erased_at, lead_id",
        {str(since_ms)});
    std::vector<erasure> out;
    out.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
      out.push_back({rows.text(i, 0), rows.integer(i, 1), rows.integer(i, 2), rows.text(i, 3),
                     rows.text(i, 4), rows.text(i, 5), rows.text(i, 6), rows.text(i, 7),
                     rows.text(i, 8)});
    }
    return out;
  });
}

std::vector<chat_copy> erasure_tables::chat_copies(std::int64_t now_ms, int limit) {
  return db_.run(false, [&](connection& conn) {
    const auto rows = conn.exec(
        "SELECT lead_id, chat_id, message_id, sent_at, reason, attempts FROM chat_cleanup WHERE "
        "next_at <= $1::bigint ORDER BY sent_at LIMIT $2::bigint",
        {str(now_ms), str(limit)});
    std::vector<chat_copy> out;
    out.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
      out.push_back({rows.text(i, 0), rows.integer(i, 1), rows.integer(i, 2), rows.integer(i, 3),
                     rows.text(i, 4), rows.integer(i, 5)});
    }
    return out;
  });
}

void erasure_tables::chat_copy_done(const std::string& lead_id, const std::string& outcome) {
  db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    conn.exec("DELETE FROM chat_cleanup WHERE lead_id = $1", {lead_id});
    conn.exec("UPDATE erasures SET chat = $1 WHERE lead_id = $2", {outcome, lead_id});
    txn.commit();
    return true;
  });
}

void erasure_tables::chat_copy_later(const std::string& lead_id, std::int64_t next_at_ms) {
  db_.run(true, [&](connection& conn) {
    conn.exec(
        "UPDATE chat_cleanup SET attempts = attempts + 1, next_at = $1::bigint WHERE lead_id = $2",
        {str(next_at_ms), lead_id});
    return true;
  });
}

bool erasure_tables::import_erasure(const erasure& record) {
  return db_.run(true, [&](connection& conn) { return insert_erasure(conn, record); });
}

bool erasure_tables::import_chat_copy(const chat_copy& copy) {
  return db_.run(true, [&](connection& conn) {
    return conn.exec(
                   "INSERT INTO chat_cleanup (lead_id, chat_id, message_id, sent_at, reason, "
                   "attempts) VALUES ($1, $2::bigint, $3::bigint, $4::bigint, $5, $6::bigint) ON "
                   "CONFLICT (lead_id) DO NOTHING RETURNING 1",
                   {copy.lead_id, str(copy.chat_id), str(copy.message_id), str(copy.sent_at),
                    copy.reason, str(copy.attempts)})
               .rows() > 0;
  });
}

}  // namespace landing::storage::postgres
