#include "storage/sqlite/outbox.hpp"

#include <algorithm>

#include "common/clock.hpp"
#include "storage/sqlite/erasure.hpp"
#include "storage/sqlite/lead_row.hpp"
#include "storage/sqlite/triage_rows.hpp"
#include "storage/ulid.hpp"

namespace landing::storage::sqlite {
std::optional<std::int64_t> outbox_table::next_due_at(const std::string& owner,
                                                      std::int64_t now_ms) {
  // The order of due leads, with the time each is free: its next attempt, or for a lead another
  // owner holds, the end of that claim too.
  const auto due = db_.read([](connection& conn) {
    statement query(conn,
                    "SELECT o.lead_id, o.next_attempt_at FROM outbox o JOIN leads l ON l.id = "
                    "o.lead_id WHERE l.status = 'pending' ORDER BY o.next_attempt_at");
    std::vector<std::pair<std::string, std::int64_t>> out;
    while (query.step()) out.emplace_back(query.text(0), query.integer(1));
    return out;
  });
  const std::lock_guard lock(claims_mutex_);
  std::optional<std::int64_t> first;
  for (const auto& [id, at] : due) {
    auto free_at = at;
    if (const auto held = claims_.find(id);
        held != claims_.end() && held->second.first != owner && held->second.second > now_ms) {
      free_at = std::max(at, held->second.second);
    }
    if (!first || free_at < *first) first = free_at;
  }
  return first;
}

std::optional<lead> outbox_table::claim_next(const std::string& owner, std::int64_t now_ms,
                                             std::int64_t lease_ms,
                                             const std::vector<std::string>& skip) {
  auto candidates = db_.read([&](connection& conn) {
    statement query(conn, with_columns("SELECT ",
                                       ", o.next_attempt_at FROM outbox o JOIN leads l ON l.id = "
                                       "o.lead_id WHERE l.status = 'pending' AND "
                                       "o.next_attempt_at <= ? ORDER BY o.next_attempt_at, "
                                       "l.created_at")
                              .c_str());
    query.bind(1, now_ms);
    std::vector<lead> out;
    while (query.step()) {
      out.push_back(read_lead(query));
      out.back().next_attempt_at = query.integer(12);
    }
    return out;
  });
  const std::lock_guard lock(claims_mutex_);
  for (auto& item : candidates) {
    if (std::find(skip.begin(), skip.end(), item.id) != skip.end()) continue;
    auto& claim = claims_[item.id];
    if (!claim.first.empty() && claim.first != owner && claim.second > now_ms) continue;
    claim = {owner, now_ms + lease_ms};
    return std::move(item);
  }
  return std::nullopt;
}

void outbox_table::mark_delivered(const std::string& id, std::int64_t at_ms,
                                  const sent_message& where) {
  forget_claim(id);
  db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement(conn,
              "UPDATE leads SET status = 'delivered', delivered_at = ?, attempts = attempts + 1, "
              "last_error = NULL WHERE id = ?")
        .bind(1, at_ms)
        .bind(2, id)
        .step();
    // Erased while it was being sent: its message has personal data and no lead to belong to.
    const bool erased = conn.changes() == 0;
    statement(conn, "DELETE FROM outbox WHERE lead_id = ?").bind(1, id).step();
    if (where.message_id != 0 && erased) {
      sqlite::queue_orphan_message(conn, id, where.chat_id, where.message_id, at_ms);
    } else if (where.message_id != 0) {
      sqlite::note_message(conn, id, where);
    }
    txn.commit();
    return true;
  });
}

void outbox_table::reschedule(const std::string& id, std::int64_t next_attempt_ms,
                              const std::string& error) {
  forget_claim(id);
  db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement(conn, "UPDATE leads SET attempts = attempts + 1, last_error = ? WHERE id = ?")
        .bind(1, error)
        .bind(2, id)
        .step();
    statement(conn, "UPDATE outbox SET next_attempt_at = ? WHERE lead_id = ?")
        .bind(1, next_attempt_ms)
        .bind(2, id)
        .step();
    txn.commit();
    return true;
  });
}

void outbox_table::mark_failed(const std::string& id, const std::string& reason) {
  forget_claim(id);
  db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement(conn,
              "UPDATE leads SET status = 'failed', attempts = attempts + 1, last_error = ? "
              "WHERE id = ?")
        .bind(1, reason)
        .bind(2, id)
        .step();
    statement(conn, "DELETE FROM outbox WHERE lead_id = ?").bind(1, id).step();
    txn.commit();
    return true;
  });
}

bool outbox_table::retry(const std::string& id) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement(conn,
              "UPDATE leads SET status = 'pending', last_error = NULL WHERE id = ? AND status "
              "IN ('failed', 'held', 'pending')")
        .bind(1, id)
        .step();
    if (conn.changes() == 0) return false;
    statement(conn,
              "INSERT INTO outbox (lead_id, next_attempt_at) VALUES (?, ?) ON CONFLICT "
              "(lead_id) DO UPDATE SET next_attempt_at = excluded.next_attempt_at")
        .bind(1, id)
        .bind(2, clock::now_ms())
        .step();
    txn.commit();
    return true;
  });
}

void outbox_table::forget_claim(const std::string& id) {
  const std::lock_guard lock(claims_mutex_);
  claims_.erase(id);
}

void outbox_table::read_figures(connection& conn, health& out) {
  statement depth(conn,
                  "SELECT count(*), coalesce(min(l.created_at), 0) FROM outbox o JOIN leads l "
                  "ON l.id = o.lead_id WHERE l.status IN ('pending', 'held')");
  if (depth.step()) {
    out.outbox.depth = depth.integer(0);
    out.outbox.oldest_created_at = depth.integer(1);
  }
  statement last(conn, "SELECT coalesce(max(delivered_at), 0) FROM leads");
  if (last.step()) out.outbox.last_delivered_at = last.integer(0);
}

}  // namespace landing::storage::sqlite
