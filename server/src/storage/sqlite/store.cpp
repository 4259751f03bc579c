#include "leads/store.hpp"

#include "leads/migrations.hpp"
#include "leads/ulid.hpp"

namespace landing::leads {
namespace {

constexpr const char* lead_columns =
    "l.id, l.created_at, l.name, l.social, l.email, l.message, l.locale, l.client, l.status, "
    "l.attempts, l.last_error, l.delivered_at";

lead read_lead(const db::statement& row) {
  lead out;
  out.id = row.text(0);
  out.created_at = row.integer(1);
  out.fields = {row.text(2), row.text(3), row.text(4), row.text(5)};
  out.locale = row.text(6);
  out.client = row.text(7);
  out.status = row.text(8);
  out.attempts = row.integer(9);
  out.last_error = row.text(10);
  out.delivered_at = row.integer(11);
  return out;
}

std::string with_columns(const char* before, const char* after) {
  return std::string(before) + lead_columns + after;
}

}  // namespace

lead_store::lead_store(const std::string& path) : conn_(path), random_(std::random_device{}()) {
  migrate(conn_);
}

std::vector<std::string> lead_store::insert_batch(const std::vector<new_lead>& leads, bool held) {
  std::vector<std::string> ids;
  ids.reserve(leads.size());
  const auto now = static_cast<std::int64_t>(now_ms());
  db::transaction txn(conn_);
  db::statement insert(conn_,
                       "INSERT INTO leads (id, created_at, name, social, email, message, locale, "
                       "client, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  db::statement enqueue(conn_, "INSERT INTO outbox (lead_id, next_attempt_at) VALUES (?, ?)");
  for (const auto& item : leads) {
    auto id = make_ulid(static_cast<std::uint64_t>(now), random_);
    const char* status = item.spam ? "spam" : held ? "held" : "pending";
    insert.bind(1, id).bind(2, now).bind(3, item.fields.name).bind(4, item.fields.social);
    insert.bind(5, item.fields.email).bind(6, item.fields.message).bind(7, item.locale);
    insert.bind(8, item.client).bind(9, std::string_view(status));
    insert.step();
    insert.reset();
    // Spam is kept for the record but never enters the outbox.
    if (!item.spam) {
      enqueue.bind(1, id).bind(2, now);
      enqueue.step();
      enqueue.reset();
    }
    ids.push_back(std::move(id));
  }
  txn.commit();
  return ids;
}

std::int64_t lead_store::release_held() {
  conn_.exec("UPDATE leads SET status = 'pending' WHERE status = 'held'");
  return conn_.changes();
}

std::optional<lead> lead_store::next_pending() {
  db::statement query(conn_, with_columns("SELECT ",
                                          ", o.next_attempt_at FROM outbox o JOIN "
                                          "leads l ON l.id = o.lead_id WHERE l.status "
                                          "= 'pending' ORDER BY o.next_attempt_at, "
                                          "l.created_at LIMIT 1")
                                 .c_str());
  if (!query.step()) return std::nullopt;
  auto out = read_lead(query);
  out.next_attempt_at = query.integer(12);
  return out;
}

void lead_store::mark_delivered(const std::string& id, std::int64_t at_ms) {
  db::transaction txn(conn_);
  db::statement(conn_,
                "UPDATE leads SET status = 'delivered', delivered_at = ?, attempts = attempts + 1, "
                "last_error = NULL WHERE id = ?")
      .bind(1, at_ms)
      .bind(2, id)
      .step();
  db::statement(conn_, "DELETE FROM outbox WHERE lead_id = ?").bind(1, id).step();
  txn.commit();
}

void lead_store::reschedule(const std::string& id, std::int64_t next_attempt_ms,
                            const std::string& error) {
  db::transaction txn(conn_);
  db::statement(conn_, "UPDATE leads SET attempts = attempts + 1, last_error = ? WHERE id = ?")
      .bind(1, error)
      .bind(2, id)
      .step();
  db::statement(conn_, "UPDATE outbox SET next_attempt_at = ? WHERE lead_id = ?")
      .bind(1, next_attempt_ms)
      .bind(2, id)
      .step();
  txn.commit();
}

void lead_store::mark_failed(const std::string& id, const std::string& reason) {
  db::transaction txn(conn_);
  db::statement(conn_,
                "UPDATE leads SET status = 'failed', attempts = attempts + 1, last_error = ? "
                "WHERE id = ?")
      .bind(1, reason)
      .bind(2, id)
      .step();
  db::statement(conn_, "DELETE FROM outbox WHERE lead_id = ?").bind(1, id).step();
  txn.commit();
}

bool lead_store::retry(const std::string& id) {
  db::transaction txn(conn_);
  db::statement(conn_,
                "UPDATE leads SET status = 'pending', last_error = NULL WHERE id = ? AND status "
                "IN ('failed', 'held', 'pending')")
      .bind(1, id)
      .step();
  if (conn_.changes() == 0) return false;
  db::statement(conn_,
                "INSERT INTO outbox (lead_id, next_attempt_at) VALUES (?, ?) ON CONFLICT "
                "(lead_id) DO UPDATE SET next_attempt_at = excluded.next_attempt_at")
      .bind(1, id)
      .bind(2, static_cast<std::int64_t>(now_ms()))
      .step();
  txn.commit();
  return true;
}

std::optional<lead> lead_store::find(const std::string& id) {
  db::statement query(conn_, with_columns("SELECT ", " FROM leads l WHERE l.id = ?").c_str());
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  return read_lead(query);
}

std::vector<lead> lead_store::list(const std::string& status) {
  db::statement query(
      conn_,
      with_columns("SELECT ", " FROM leads l WHERE ? = '' OR l.status = ? ORDER BY l.id").c_str());
  query.bind(1, status).bind(2, status);
  std::vector<lead> out;
  while (query.step()) out.push_back(read_lead(query));
  return out;
}

outbox_stats lead_store::stats() {
  outbox_stats out;
  db::statement depth(conn_,
                      "SELECT count(*), coalesce(min(l.created_at), 0) FROM outbox o JOIN leads "
                      "l ON l.id = o.lead_id WHERE l.status IN ('pending', 'held')");
  if (depth.step()) {
    out.depth = depth.integer(0);
    out.oldest_created_at = depth.integer(1);
  }
  db::statement last(conn_, "SELECT coalesce(max(delivered_at), 0) FROM leads");
  if (last.step()) out.last_delivered_at = last.integer(0);
  return out;
}

void lead_store::check_writable() {
  // Takes and drops the write lock: proves the file is writable without changing it.
  db::transaction txn(conn_);
}

}  // namespace landing::leads
