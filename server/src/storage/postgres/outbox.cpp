#include "storage/postgres/outbox.hpp"

#include "common/clock.hpp"
#include "storage/postgres/arrays.hpp"
#include "storage/postgres/deliveries.hpp"
#include "storage/postgres/erasure.hpp"
#include "storage/postgres/lead_row.hpp"
#include "storage/postgres/triage_rows.hpp"

namespace landing::storage::postgres {
namespace {

std::string disabled_key(const std::string& channel) { return "channel." + channel + ".disabled"; }

void log_attempt(connection& conn, const std::string& channel, const std::string& id,
                 const attempt_record& attempt) {
  conn.exec(
      "INSERT INTO delivery_attempts (lead_id, channel, at, result, latency_ms) VALUES ($1, $2, "
      "$3::bigint, $4, $5::bigint)",
      {id, channel, str(attempt.at), attempt.result, str(attempt.latency_ms)});
}

}  // namespace

std::optional<std::int64_t> outbox_table::next_due_at(const std::string& channel,
                                                      const std::string& owner,
                                                      std::int64_t now_ms) {
  return db_.run(false, [&](connection& conn) -> std::optional<std::int64_t> {
    // A row another owner holds is free once its claim ends; no row is free before its own next
    // attempt. So the answer is at or before the first row in due order that nobody else holds,
    // and only rows up to it (the held ones ahead of it, and ties) need a look: two walks of
    // deliveries_due, however long the backlog. (A min() over every pending row before.)
    const auto rows = conn.exec(
        "SELECT min(CASE WHEN claimed_by IS NOT NULL AND claimed_by <> $1 AND claimed_until > "
        "$2::bigint THEN greatest(next_attempt_at, claimed_until) ELSE next_attempt_at END) FROM "
        "deliveries WHERE channel = $3 AND status = 'pending' AND next_attempt_at <= coalesce(("
        "SELECT next_attempt_at FROM deliveries WHERE channel = $3 AND status = 'pending' AND NOT "
        "coalesce(claimed_by <> $1 AND claimed_until > $2::bigint, false) ORDER BY "
        "next_attempt_at LIMIT 1), 9223372036854775807)",
        {owner, str(now_ms), channel});
    if (rows.is_null(0, 0)) return std::nullopt;
    return rows.integer(0, 0);
  });
}

std::optional<claimed_delivery> outbox_table::claim_next(const std::string& channel,
                                                         const std::string& owner,
                                                         std::int64_t now_ms, std::int64_t lease_ms,
                                                         const std::vector<std::string>& skip) {
  return db_.run(true, [&](connection& conn) -> std::optional<claimed_delivery> {
    // SKIP LOCKED: a row another replica is claiming this instant is left to it.
    const auto claimed = conn.exec(
        "UPDATE deliveries SET claimed_by = $1, claimed_until = $2::bigint + $3::bigint WHERE "
        "(lead_id, channel) = (SELECT d.lead_id, d.channel FROM deliveries d JOIN leads l ON l.id "
        "= d.lead_id WHERE d.channel = $5 AND d.status = 'pending' AND d.next_attempt_at <= "
        "$2::bigint AND (d.claimed_by IS NULL OR d.claimed_until < $2::bigint OR d.claimed_by = "
        "$1) AND d.lead_id <> ALL($4::text[]) ORDER BY d.next_attempt_at, l.created_at LIMIT 1 "
        "FOR UPDATE OF d SKIP LOCKED) RETURNING lead_id, status, attempts, last_error, "
        "next_attempt_at",
        {owner, str(now_ms), str(lease_ms), text_array(skip), channel});
    if (claimed.rows() == 0) return std::nullopt;
    const auto rows =
        conn.exec(with_columns("SELECT ", " FROM leads l WHERE l.id = $1"), {claimed.text(0, 0)});
    if (rows.rows() == 0) return std::nullopt;
    return claimed_delivery{read_lead(rows, 0),
                            {channel, claimed.text(0, 1), claimed.integer(0, 2), claimed.text(0, 3),
                             claimed.integer(0, 4), 0}};
  });
}

template <typename Change>
void outbox_table::settle(const std::string& channel, const std::string& id,
                          const attempt_record& attempt, Change&& change) {
  db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    if (change(conn)) {
      log_attempt(conn, channel, id, attempt);
      sum_status(conn, "id = $1", id);
    }
    txn.commit();
    return true;
  });
}

void outbox_table::mark_delivered(const std::string& channel, const std::string& id,
                                  const attempt_record& attempt, const sent_message& where) {
  const auto at = attempt.at + attempt.latency_ms;
  settle(channel, id, attempt, [&](connection& conn) {
    const auto updated = conn.exec(
        "UPDATE deliveries SET status = 'delivered', delivered_at = $1::bigint, attempts = "
        "attempts + 1, last_error = '', claimed_by = NULL, claimed_until = NULL WHERE lead_id = "
        "$2 AND channel = $3 RETURNING 1",
        {str(at), id, channel});
    // Erased while it was being sent: its message has personal data and no lead to belong to.
    const bool erased = updated.rows() == 0;
    if (where.message_id != 0 && erased) {
      postgres::queue_orphan_message(conn, id, where.chat_id, where.message_id, at);
    } else if (where.message_id != 0) {
      postgres::note_message(conn, id, where);
    }
    return !erased;
  });
}

void outbox_table::reschedule(const std::string& channel, const std::string& id,
                              std::int64_t next_attempt_ms, const std::string& error,
                              const attempt_record& attempt) {
  settle(channel, id, attempt, [&](connection& conn) {
    return conn.exec(
                   "UPDATE deliveries SET attempts = attempts + 1, last_error = $1, "
                   "next_attempt_at = $2::bigint, claimed_by = NULL, claimed_until = NULL WHERE "
                   "lead_id = $3 AND channel = $4 AND status = 'pending' RETURNING 1",
                   {error, str(next_attempt_ms), id, channel})
               .rows() > 0;
  });
}

void outbox_table::mark_failed(const std::string& channel, const std::string& id,
                               const std::string& reason, const attempt_record& attempt) {
  settle(channel, id, attempt, [&](connection& conn) {
    return conn.exec(
                   "UPDATE deliveries SET status = 'failed', attempts = attempts + 1, last_error "
                   "= $1, claimed_by = NULL, claimed_until = NULL WHERE lead_id = $2 AND channel "
                   "= $3 RETURNING 1",
                   {reason, id, channel})
               .rows() > 0;
  });
}

bool outbox_table::retry(const std::string& id, const std::string& channel) {
  return db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    const auto changed = conn.exec(
        "UPDATE deliveries SET status = 'pending', next_attempt_at = $1::bigint, claimed_by = "
        "NULL, claimed_until = NULL WHERE lead_id = $2 AND ($3 = '' OR channel = $3) AND status "
        "IN ('failed', 'disabled') RETURNING 1",
        {str(clock::now_ms()), id, channel});
    if (changed.rows() == 0) return false;
    sum_status(conn, "id = $1", id);
    txn.commit();
    return true;
  });
}

std::int64_t outbox_table::redeliver(const std::string& channel,
                                     const std::vector<std::string>& ids) {
  return db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    const auto changed = conn.exec(
        "UPDATE deliveries SET status = 'pending', next_attempt_at = $1::bigint, claimed_by = "
        "NULL, claimed_until = NULL WHERE channel = $2 AND lead_id = ANY($3::text[]) RETURNING 1",
        {str(clock::now_ms()), channel, text_array(ids)});
    sum_status(conn, "id = ANY($1::text[])", text_array(ids));
    txn.commit();
    return static_cast<std::int64_t>(changed.rows());
  });
}

std::optional<std::string> outbox_table::channel_disabled(const std::string& channel) {
  return db_.run(false, [&](connection& conn) -> std::optional<std::string> {
    const auto rows =
        conn.exec("SELECT value FROM settings WHERE key = $1", {disabled_key(channel)});
    if (rows.rows() == 0) return std::nullopt;
    return rows.text(0, 0);
  });
}

void outbox_table::disable_channel(const std::string& channel, const std::string& reason) {
  db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    conn.exec(
        "INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value "
        "= excluded.value",
        {disabled_key(channel), reason});
    conn.exec(
        "UPDATE deliveries SET status = 'disabled', last_error = $1, claimed_by = NULL, "
        "claimed_until = NULL WHERE channel = $2 AND status = 'pending'",
        {reason, channel});
    sum_status(conn, "id IN (SELECT lead_id FROM deliveries WHERE channel = $1)", channel);
    txn.commit();
    return true;
  });
}

std::int64_t outbox_table::enable_channel(const std::string& channel) {
  return db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    conn.exec("DELETE FROM settings WHERE key = $1", {disabled_key(channel)});
    const auto changed = conn.exec(
        "UPDATE deliveries SET status = 'pending', next_attempt_at = $1::bigint WHERE channel = "
        "$2 AND status = 'disabled' RETURNING 1",
        {str(clock::now_ms()), channel});
    sum_status(conn, "id IN (SELECT lead_id FROM deliveries WHERE channel = $1)", channel);
    txn.commit();
    return static_cast<std::int64_t>(changed.rows());
  });
}

std::vector<logged_attempt> outbox_table::attempts_of(const std::string& id) {
  return db_.run(false, [&](connection& conn) {
    const auto rows = conn.exec(
        "SELECT channel, at, result, latency_ms FROM delivery_attempts WHERE lead_id = $1 ORDER "
        "BY id",
        {id});
    std::vector<logged_attempt> out;
    out.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
      out.push_back(
          {id, rows.text(i, 0), {rows.integer(i, 1), rows.text(i, 2), rows.integer(i, 3)}});
    }
    return out;
  });
}

std::int64_t outbox_table::prune_attempts(std::int64_t before_ms) {
  return db_.run(true, [&](connection& conn) {
    return static_cast<std::int64_t>(
        conn.exec("DELETE FROM delivery_attempts WHERE at < $1::bigint RETURNING 1",
                  {str(before_ms)})
            .rows());
  });
}

std::vector<channel_figures> outbox_table::figures() {
  return db_.run(false, [](connection& conn) {
    const auto rows = conn.exec(
        "SELECT d.channel, count(*) FILTER (WHERE d.status = 'pending'), count(*) FILTER (WHERE "
        "d.status = 'delivered'), count(*) FILTER (WHERE d.status = 'failed'), count(*) FILTER "
        "(WHERE d.status = 'disabled'), coalesce(min(l.created_at) FILTER (WHERE d.status = "
        "'pending'), 0), coalesce(max(d.delivered_at), 0) FROM deliveries d JOIN leads l ON l.id "
        "= d.lead_id GROUP BY d.channel ORDER BY d.channel");
    std::vector<channel_figures> out;
    out.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
      out.push_back({rows.text(i, 0), rows.integer(i, 1), rows.integer(i, 2), rows.integer(i, 3),
                     rows.integer(i, 4), rows.integer(i, 5), rows.integer(i, 6)});
    }
    return out;
  });
}

}  // namespace landing::storage::postgres
