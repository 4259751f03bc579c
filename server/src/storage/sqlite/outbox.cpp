#include "storage/sqlite/outbox.hpp"

#include <algorithm>

#include "common/clock.hpp"
#include "storage/sqlite/erasure.hpp"
#include "storage/sqlite/lead_row.hpp"
#include "storage/sqlite/outbox_rows.hpp"
#include "storage/sqlite/triage_rows.hpp"

namespace landing::storage::sqlite {
namespace {

std::string claim_key(const std::string& channel, const std::string& id) {
  return channel + '\n' + id;
}

void log_attempt(connection& conn, const std::string& channel, const std::string& id,
                 const attempt_record& attempt) {
  statement(conn,
            "INSERT INTO delivery_attempts (lead_id, channel, at, result, latency_ms) VALUES (?, "
            "?, ?, ?, ?)")
      .bind(1, id)
      .bind(2, channel)
      .bind(3, attempt.at)
      .bind(4, attempt.result)
      .bind(5, attempt.latency_ms)
      .step();
}

}  // namespace

// Both walks below read the channel's due rows in the order they fall due and stop as soon as
// the answer is known, so a backlog of any length costs a few rows per turn. (They read every
// pending row before, and the claim each one's lead: with 200,000 leads waiting that was 200 MB
// and a full scan per message.) claims_mutex_ is held across the read so the claims it consults
// cannot change under it; nothing takes the two in the other order. Both follow deliveries_due
// (channel, status, next_attempt_at, then the key's lead_id: the table has no rowid), so no sort
// runs; leads of the same millisecond go in the order they were made (ulid.hpp). A tie-break on
// the lead's row (rowid, created_at) made SQLite sort every due row before the first claim: 24 ms
// a claim with 14,000 leads waiting.

std::optional<std::int64_t> outbox_table::next_due_at(const std::string& channel,
                                                      const std::string& owner,
                                                      std::int64_t now_ms) {
  const std::lock_guard lock(claims_mutex_);
  return db_.read([&](connection& conn) {
    statement query(conn,
                    "SELECT lead_id, next_attempt_at FROM deliveries WHERE channel = ? AND status "
                    "= 'pending' ORDER BY next_attempt_at");
    query.bind(1, channel);
    // The time each row is free: its next attempt, or for a row another owner holds, the end of
    // that claim too. No row is free before its own time, so once rows come due no sooner than
    // the earliest time found, none can beat it.
    std::optional<std::int64_t> first;
    while (query.step()) {
      const auto at = query.integer(1);
      if (first && at >= *first) break;
      auto free_at = at;
      if (const auto held = claims_.find(claim_key(channel, query.text(0)));
          held != claims_.end() && held->second.first != owner && held->second.second > now_ms) {
        free_at = std::max(at, held->second.second);
      }
      if (!first || free_at < *first) first = free_at;
    }
    return first;
  });
}

std::vector<claimed_delivery> outbox_table::claim_due(const std::string& channel,
                                                      const std::string& owner, std::int64_t now_ms,
                                                      std::int64_t lease_ms,
                                                      const std::vector<std::string>& skip,
                                                      std::size_t limit) {
  const std::lock_guard lock(claims_mutex_);
  return db_.read([&](connection& conn) {
    statement query(
        conn, with_columns("SELECT ",
                           ", d.status, d.attempts, d.last_error, d.next_attempt_at FROM "
                           "deliveries d JOIN leads l ON l.id = d.lead_id WHERE d.channel = ? AND "
                           "d.status = 'pending' AND d.next_attempt_at <= ? ORDER BY "
                           "d.next_attempt_at, d.lead_id")
                  .c_str());
    query.bind(1, channel).bind(2, now_ms);
    std::vector<claimed_delivery> out;
    while (out.size() < limit && query.step()) {
      const int at = lead_column_count;
      claimed_delivery item{read_lead(query),
                            {channel, query.text(at), query.integer(at + 1), query.text(at + 2),
                             query.integer(at + 3), 0}};
      if (std::find(skip.begin(), skip.end(), item.item.id) != skip.end()) continue;
      auto& claim = claims_[claim_key(channel, item.item.id)];
      if (!claim.first.empty() && claim.first != owner && claim.second > now_ms) continue;
      claim = {owner, now_ms + lease_ms};
      out.push_back(std::move(item));
    }
    return out;
  });
}

void outbox_table::settle(const std::string& channel, const std::vector<settlement>& outcomes) {
  if (outcomes.empty()) return;
  {
    const std::lock_guard lock(claims_mutex_);
    for (const auto& each : outcomes) claims_.erase(claim_key(channel, each.id));
  }
  db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement delivered(conn,
                        "UPDATE deliveries SET status = 'delivered', delivered_at = ?, attempts = "
                        "attempts + 1, last_error = '' WHERE lead_id = ? AND channel = ?");
    statement rescheduled(conn,
                          "UPDATE deliveries SET attempts = attempts + 1, last_error = ?, "
                          "next_attempt_at = ? WHERE lead_id = ? AND channel = ? AND status = "
                          "'pending'");
    statement failed(conn,
                     "UPDATE deliveries SET status = 'failed', attempts = attempts + 1, "
                     "last_error = ? WHERE lead_id = ? AND channel = ?");
    for (const auto& each : outcomes) {
      const auto& id = each.id;
      const auto at = each.attempt.at + each.attempt.latency_ms;
      switch (each.what) {
        case settlement::delivered:
          delivered.bind(1, at).bind(2, id).bind(3, channel).step();
          delivered.reset();
          break;
        case settlement::rescheduled:
          rescheduled.bind(1, each.error)
              .bind(2, each.next_attempt_ms)
              .bind(3, id)
              .bind(4, channel)
              .step();
          rescheduled.reset();
          break;
        case settlement::failed:
          failed.bind(1, each.error).bind(2, id).bind(3, channel).step();
          failed.reset();
          break;
      }
      const bool changed = conn.changes() > 0;
      if (each.what == settlement::delivered && each.where.message_id != 0) {
        // Erased while it was being sent: its message has personal data and no lead to belong
        // to.
        if (changed) {
          sqlite::note_message(conn, id, each.where);
        } else {
          sqlite::queue_orphan_message(conn, id, each.where.chat_id, each.where.message_id, at);
        }
      }
      if (!changed) continue;
      log_attempt(conn, channel, id, each.attempt);
      sum_status(conn, "id = ?", id);
    }
    txn.commit();
    return true;
  });
}

void outbox_table::release(const std::string& channel, const std::string& owner,
                           const std::vector<std::string>& ids) {
  const std::lock_guard lock(claims_mutex_);
  for (const auto& id : ids) {
    const auto held = claims_.find(claim_key(channel, id));
    if (held != claims_.end() && held->second.first == owner) claims_.erase(held);
  }
}

bool outbox_table::retry(const std::string& id, const std::string& channel) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement(conn,
              "UPDATE deliveries SET status = 'pending', next_attempt_at = ? WHERE lead_id = ? "
              "AND (? = '' OR channel = ?) AND status IN ('failed', 'disabled')")
        .bind(1, clock::now_ms())
        .bind(2, id)
        .bind(3, channel)
        .bind(4, channel)
        .step();
    if (conn.changes() == 0) return false;
    sum_status(conn, "id = ?", id);
    txn.commit();
    return true;
  });
}

std::int64_t outbox_table::redeliver(const std::string& channel,
                                     const std::vector<std::string>& ids) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    std::int64_t count = 0;
    statement again(conn,
                    "UPDATE deliveries SET status = 'pending', next_attempt_at = ? WHERE lead_id "
                    "= ? AND channel = ?");
    for (const auto& id : ids) {
      again.bind(1, clock::now_ms()).bind(2, id).bind(3, channel).step();
      again.reset();
      if (conn.changes() == 0) continue;
      ++count;
      sum_status(conn, "id = ?", id);
    }
    txn.commit();
    return count;
  });
}

std::vector<logged_attempt> outbox_table::attempts_of(const std::string& id) {
  return db_.read([&](connection& conn) {
    statement query(conn,
                    "SELECT channel, at, result, latency_ms FROM delivery_attempts WHERE lead_id = "
                    "? ORDER BY id");
    query.bind(1, id);
    std::vector<logged_attempt> out;
    while (query.step()) {
      out.push_back({id, query.text(0), {query.integer(1), query.text(2), query.integer(3)}});
    }
    return out;
  });
}

std::int64_t outbox_table::prune_attempts(std::int64_t before_ms) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    statement(conn, "DELETE FROM delivery_attempts WHERE at < ?").bind(1, before_ms).step();
    return conn.changes();
  });
}

void outbox_table::read_figures(connection& conn, health& out) {
  statement query(conn,
                  "SELECT d.channel, sum(d.status = 'pending'), sum(d.status = 'delivered'), "
                  "sum(d.status = 'failed'), sum(d.status = 'disabled'), coalesce(min(CASE WHEN "
                  "d.status = 'pending' THEN l.created_at END), 0), coalesce(max(d.delivered_at), "
                  "0) FROM deliveries d JOIN leads l ON l.id = d.lead_id GROUP BY d.channel ORDER "
                  "BY d.channel");
  while (query.step()) {
    out.channels.push_back({query.text(0), query.integer(1), query.integer(2), query.integer(3),
                            query.integer(4), query.integer(5), query.integer(6)});
  }
}

void outbox_table::read_probe(connection& conn, health& /*out*/) {
  statement query(conn, "SELECT 1 FROM deliveries LIMIT 1");
  query.step();
}

}  // namespace landing::storage::sqlite
