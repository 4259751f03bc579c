#include "storage/postgres/outbox.hpp"

#include <algorithm>
#include <array>
#include <tuple>

#include "common/clock.hpp"
#include "storage/postgres/arrays.hpp"
#include "storage/postgres/erasure.hpp"
#include "storage/postgres/lead_row.hpp"
#include "storage/postgres/outbox_rows.hpp"
#include "storage/postgres/triage_rows.hpp"

namespace landing::storage::postgres {
namespace {

// The outbox's queries walk deliveries_due in order and stop early. While the table's statistics
// lag behind it (a fresh database, a burst of leads: thousands of rows since the last ANALYZE)
// the planner chose otherwise: it took 30,000 pending rows for 2, and fetched and sorted them all,
// 10 ms a call, on every wake of every channel's worker. For this transaction only, it is told
// that sorting and bitmap scans cost more than the index walk they would replace.
void walk_the_index(connection& conn) {
  conn.exec(
      "SELECT set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', "
      "true)");
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
    transaction txn(conn);
    walk_the_index(conn);
    const auto rows = conn.exec(
        "SELECT min(CASE WHEN claimed_by IS NOT NULL AND claimed_by <> $1 AND claimed_until > "
        "$2::bigint THEN greatest(next_attempt_at, claimed_until) ELSE next_attempt_at END) FROM "
        "deliveries WHERE channel = $3 AND status = 'pending' AND next_attempt_at <= coalesce(("
        "SELECT next_attempt_at FROM deliveries WHERE channel = $3 AND status = 'pending' AND NOT "
        "coalesce(claimed_by <> $1 AND claimed_until > $2::bigint, false) ORDER BY "
        "next_attempt_at LIMIT 1), 9223372036854775807)",
        {owner, str(now_ms), channel});
    txn.commit();
    if (rows.is_null(0, 0)) return std::nullopt;
    return rows.integer(0, 0);
  });
}

std::vector<claimed_delivery> outbox_table::claim_due(const std::string& channel,
                                                      const std::string& owner, std::int64_t now_ms,
                                                      std::int64_t lease_ms,
                                                      const std::vector<std::string>& skip,
                                                      std::size_t limit) {
  return db_.run(true, [&](connection& conn) {
    // One statement: pick the rows along deliveries_due (SKIP LOCKED: a row another replica is
    // claiming this instant is left to it), claim them, and read their leads. Ordering by a
    // column of leads instead made every claim join and sort every due row.
    transaction txn(conn);
    walk_the_index(conn);
    const auto rows = conn.exec(
        with_columns(
            "WITH picked AS (SELECT d.lead_id FROM deliveries d WHERE d.channel = $5 AND d.status "
            "= 'pending' AND d.next_attempt_at <= $2::bigint AND "
            "(d.claimed_by IS NULL OR d.claimed_until < $2::bigint OR d.claimed_by = $1) AND "
            "d.lead_id <> ALL($4::text[]) ORDER BY d.next_attempt_at, d.lead_id LIMIT "
            "$6::bigint FOR UPDATE OF d SKIP LOCKED), claimed AS (UPDATE deliveries d SET "
            "claimed_by = $1, claimed_until = $2::bigint + $3::bigint FROM picked p WHERE "
            "d.lead_id = p.lead_id AND d.channel = $5 RETURNING d.lead_id, d.status, d.attempts, "
            "d.last_error, d.next_attempt_at) SELECT ",
            ", c.status, c.attempts, c.last_error, c.next_attempt_at FROM claimed c JOIN leads l "
            "ON l.id = c.lead_id"),
        {owner, str(now_ms), str(lease_ms), text_array(skip), channel,
         str(static_cast<std::int64_t>(limit))});
    txn.commit();
    std::vector<claimed_delivery> out;
    out.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
      const int at = lead_column_count;
      out.push_back({read_lead(rows, i),
                     {channel, rows.text(i, at), rows.integer(i, at + 1), rows.text(i, at + 2),
                      rows.integer(i, at + 3), 0}});
    }
    // In due order, as picked: sorted here, since the index walk is all the planner may do.
    std::sort(out.begin(), out.end(), [](const claimed_delivery& a, const claimed_delivery& b) {
      return std::tie(a.state.next_attempt_at, a.item.id) <
             std::tie(b.state.next_attempt_at, b.item.id);
    });
    return out;
  });
}

void outbox_table::settle(const std::string& channel, const std::vector<settlement>& outcomes) {
  if (outcomes.empty()) return;
  static constexpr std::array<const char*, 3> kinds{"delivered", "rescheduled", "failed"};
  std::vector<std::string> ids;
  std::vector<std::string> what;
  std::vector<std::string> errors;
  std::vector<std::int64_t> ended;
  std::vector<std::int64_t> next;
  for (const auto& each : outcomes) {
    ids.push_back(each.id);
    what.emplace_back(kinds.at(each.what));
    errors.push_back(each.what == settlement::delivered ? std::string() : each.error);
    ended.push_back(each.attempt.at + each.attempt.latency_ms);
    next.push_back(each.next_attempt_ms);
  }
  db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    // Every row in one statement; the rows it returns are the ones still there to change.
    const auto changed = conn.exec(
        "UPDATE deliveries d SET status = CASE u.what WHEN 'rescheduled' THEN d.status ELSE "
        "u.what END, delivered_at = CASE u.what WHEN 'delivered' THEN u.ended ELSE "
        "d.delivered_at END, next_attempt_at = CASE u.what WHEN 'rescheduled' THEN u.next ELSE "
        "d.next_attempt_at END, attempts = d.attempts + 1, last_error = u.error, claimed_by = "
        "NULL, claimed_until = NULL FROM unnest($1::text[], $2::text[], $3::text[], "
        "$4::bigint[], $5::bigint[]) AS u(id, what, error, ended, next) WHERE d.lead_id = u.id "
        "AND d.channel = $6 AND (u.what <> 'rescheduled' OR d.status = 'pending') RETURNING "
        "d.lead_id",
        {text_array(ids), text_array(what), text_array(errors), number_array(ended),
         number_array(next), channel});
    std::vector<std::string> present;
    present.reserve(static_cast<std::size_t>(changed.rows()));
    for (int i = 0; i < changed.rows(); ++i) present.push_back(changed.text(i, 0));
    std::vector<std::string> logged;
    std::vector<std::int64_t> at;
    std::vector<std::string> result;
    std::vector<std::int64_t> latency;
    for (const auto& each : outcomes) {
      const bool there = std::find(present.begin(), present.end(), each.id) != present.end();
      if (each.what == settlement::delivered && each.where.message_id != 0) {
        // Erased while it was being sent: its message has personal data and no lead to belong
        // to.
        if (there) {
          postgres::note_message(conn, each.id, each.where);
        } else {
          postgres::queue_orphan_message(conn, each.id, each.where.chat_id, each.where.message_id,
                                         each.attempt.at + each.attempt.latency_ms);
        }
      }
      if (!there) continue;
      logged.push_back(each.id);
      at.push_back(each.attempt.at);
      result.push_back(each.attempt.result);
      latency.push_back(each.attempt.latency_ms);
    }
    if (!logged.empty()) {
      conn.exec(
          "INSERT INTO delivery_attempts (lead_id, channel, at, result, latency_ms) SELECT u.id, "
          "$1, u.at, u.result, u.latency FROM unnest($2::text[], $3::bigint[], $4::text[], "
          "$5::bigint[]) WITH ORDINALITY AS u(id, at, result, latency, n) ORDER BY u.n",
          {channel, text_array(logged), number_array(at), text_array(result),
           number_array(latency)});
      sum_status(conn, "id = ANY($1::text[])", text_array(logged));
    }
    txn.commit();
    return true;
  });
}

void outbox_table::release(const std::string& channel, const std::string& owner,
                           const std::vector<std::string>& ids) {
  if (ids.empty()) return;
  db_.run(true, [&](connection& conn) {
    conn.exec(
        "UPDATE deliveries SET claimed_by = NULL, claimed_until = NULL WHERE channel = $1 AND "
        "claimed_by = $2 AND lead_id = ANY($3::text[])",
        {channel, owner, text_array(ids)});
    return true;
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
