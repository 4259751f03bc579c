#include "storage/postgres/outbox.hpp"

#include "common/clock.hpp"
#include "storage/postgres/arrays.hpp"
#include "storage/postgres/erasure.hpp"
#include "storage/postgres/lead_row.hpp"
#include "storage/postgres/triage_rows.hpp"
#include "storage/ulid.hpp"

namespace landing::storage::postgres {

std::optional<std::int64_t> outbox_table::next_due_at(const std::string& owner,
                                                      std::int64_t now_ms) {
  return db_.run(false, [&](connection& conn) -> std::optional<std::int64_t> {
    // A lead another owner holds is free once its claim ends.
    const auto rows = conn.exec(
        "SELECT min(CASE WHEN o.claimed_by IS NOT NULL AND o.claimed_by <> $1 AND "
        "o.claimed_until > $2::bigint THEN greatest(o.next_attempt_at, o.claimed_until) ELSE "
        "o.next_attempt_at END) FROM outbox o JOIN leads l ON l.id = o.lead_id WHERE l.status = "
        "'pending'",
        {owner, str(now_ms)});
    if (rows.is_null(0, 0)) return std::nullopt;
    return rows.integer(0, 0);
  });
}

std::optional<lead> outbox_table::claim_next(const std::string& owner, std::int64_t now_ms,
                                             std::int64_t lease_ms,
                                             const std::vector<std::string>& skip) {
  return db_.run(true, [&](connection& conn) -> std::optional<lead> {
    // SKIP LOCKED: a row another replica is claiming this instant is left to it.
    const auto claimed = conn.exec(
        "UPDATE outbox SET claimed_by = $1, claimed_until = $2::bigint + $3::bigint WHERE "
        "lead_id = (SELECT o.lead_id FROM outbox o JOIN leads l ON l.id = o.lead_id WHERE "
        "l.status = 'pending' AND o.next_attempt_at <= $2::bigint AND (o.claimed_by IS NULL OR "
        "o.claimed_until < $2::bigint OR o.claimed_by = $1) AND o.lead_id <> ALL($4::text[]) "
        "ORDER BY o.next_attempt_at, l.created_at LIMIT 1 FOR UPDATE OF o SKIP LOCKED) "
        "RETURNING lead_id, next_attempt_at",
        {owner, str(now_ms), str(lease_ms), text_array(skip)});
    if (claimed.rows() == 0) return std::nullopt;
    const auto rows =
        conn.exec(with_columns("SELECT ", " FROM leads l WHERE l.id = $1"), {claimed.text(0, 0)});
    if (rows.rows() == 0) return std::nullopt;
    auto out = read_lead(rows, 0);
    out.next_attempt_at = claimed.integer(0, 1);
    return out;
  });
}

void outbox_table::mark_delivered(const std::string& id, std::int64_t at_ms,
                                  const sent_message& where) {
  db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    const auto updated = conn.exec(
        "UPDATE leads SET status = 'delivered', delivered_at = $1::bigint, attempts = attempts + "
        "1, last_error = NULL WHERE id = $2 RETURNING 1",
        {str(at_ms), id});
    // Erased while it was being sent: its message has personal data and no lead to belong to.
    const bool erased = updated.rows() == 0;
    conn.exec("DELETE FROM outbox WHERE lead_id = $1", {id});
    if (where.message_id != 0 && erased) {
      postgres::queue_orphan_message(conn, id, where.chat_id, where.message_id, at_ms);
    } else if (where.message_id != 0) {
      postgres::note_message(conn, id, where);
    }
    txn.commit();
    return true;
  });
}

void outbox_table::reschedule(const std::string& id, std::int64_t next_attempt_ms,
                              const std::string& error) {
  db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    conn.exec("UPDATE leads SET attempts = attempts + 1, last_error = $1 WHERE id = $2",
              {error, id});
    conn.exec(
        "UPDATE outbox SET next_attempt_at = $1::bigint, claimed_by = NULL, claimed_until = NULL "
        "WHERE lead_id = $2",
        {str(next_attempt_ms), id});
    txn.commit();
    return true;
  });
}

void outbox_table::mark_failed(const std::string& id, const std::string& reason) {
  db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    conn.exec(
        "UPDATE leads SET status = 'failed', attempts = attempts + 1, last_error = $1 WHERE id = "
        "$2",
        {reason, id});
    conn.exec("DELETE FROM outbox WHERE lead_id = $1", {id});
    txn.commit();
    return true;
  });
}

bool outbox_table::retry(const std::string& id) {
  return db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    const auto changed = conn.exec(
        "UPDATE leads SET status = 'pending', last_error = NULL WHERE id = $1 AND status IN "
        "('failed', 'held', 'pending') RETURNING id",
        {id});
    if (changed.rows() == 0) return false;
    conn.exec(
        "INSERT INTO outbox (lead_id, next_attempt_at) VALUES ($1, $2::bigint) ON CONFLICT "
        "(lead_id) DO UPDATE SET next_attempt_at = excluded.next_attempt_at, claimed_by = NULL, "
        "claimed_until = NULL",
        {id, str(clock::now_ms())});
    txn.commit();
    return true;
  });
}

outbox_stats outbox_table::figures() {
  return db_.run(false, [](connection& conn) {
    outbox_stats stats;
    const auto rows = conn.exec(
        "SELECT count(*), coalesce(min(l.created_at), 0), (SELECT coalesce(max(delivered_at), "
        "0) FROM leads) FROM outbox o JOIN leads l ON l.id = o.lead_id WHERE l.status IN "
        "('pending', 'held')");
    stats.depth = rows.integer(0, 0);
    stats.oldest_created_at = rows.integer(0, 1);
    stats.last_delivered_at = rows.integer(0, 2);
    return stats;
  });
}

}  // namespace landing::storage::postgres
