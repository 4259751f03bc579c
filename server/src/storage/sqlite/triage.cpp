#include "storage/sqlite/triage.hpp"

namespace landing::storage::sqlite {
namespace {

void bind_optional(statement& stmt, int index, std::int64_t value) {
  if (value == 0) {
    stmt.bind_null(index);
  } else {
    stmt.bind(index, value);
  }
}

}  // namespace

std::optional<triage_state> triage_of(connection& conn, const std::string& id) {
  statement query(conn,
                  "SELECT t.status, t.taken_by_id, t.taken_by_name, t.taken_at, t.done_at, "
                  "t.changed_by_id, t.changed_by_name, t.changed_at, l.id FROM leads l LEFT JOIN "
                  "lead_triage t ON t.lead_id = l.id WHERE l.id = ?");
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  triage_state out;
  if (query.is_null(0)) return out;  // nobody clicked yet
  out.status = query.text(0);
  out.taken_by = {query.integer(1), query.text(2)};
  out.taken_at = query.integer(3);
  out.done_at = query.integer(4);
  out.changed_by = {query.integer(5), query.text(6)};
  out.changed_at = query.integer(7);
  return out;
}

triage_change change_triage(connection& conn, const std::string& id, const std::string& from,
                            const std::string& to, const std::string& action, const actor& who,
                            std::int64_t at_ms) {
  transaction txn(conn);
  const auto current = triage_of(conn, id);
  if (!current) return {false, false, {}};
  if (current->status != from) return {false, true, *current};
  const auto next = moved(*current, to, who, at_ms);
  statement write(conn,
                  "INSERT INTO lead_triage (lead_id, status, taken_by_id, taken_by_name, "
                  "taken_at, done_at, changed_by_id, changed_by_name, changed_at) VALUES (?, ?, "
                  "?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lead_id) DO UPDATE SET status = "
                  "excluded.status, taken_by_id = excluded.taken_by_id, taken_by_name = "
                  "excluded.taken_by_name, taken_at = excluded.taken_at, done_at = "
                  "excluded.done_at, changed_by_id = excluded.changed_by_id, changed_by_name = "
                  "excluded.changed_by_name, changed_at = excluded.changed_at");
  write.bind(1, id).bind(2, next.status);
  bind_optional(write, 3, next.taken_by.id);
  write.bind(4, next.taken_by.name);
  bind_optional(write, 5, next.taken_at);
  bind_optional(write, 6, next.done_at);
  write.bind(7, next.changed_by.id).bind(8, next.changed_by.name).bind(9, next.changed_at);
  write.step();
  statement(conn,
            "INSERT INTO lead_events (lead_id, action, actor_id, actor_name, at) VALUES (?, ?, "
            "?, ?, ?)")
      .bind(1, id)
      .bind(2, action)
      .bind(3, who.id)
      .bind(4, who.name)
      .bind(5, at_ms)
      .step();
  txn.commit();
  return {true, true, next};
}

std::vector<lead_event> events_of(connection& conn, const std::string& id) {
  statement query(conn,
                  "SELECT action, actor_id, actor_name, at FROM lead_events WHERE lead_id = ? "
                  "ORDER BY id");
  query.bind(1, id);
  std::vector<lead_event> out;
  while (query.step()) {
    out.push_back({query.text(0), {query.integer(1), query.text(2)}, query.integer(3)});
  }
  return out;
}

std::optional<std::string> setting(connection& conn, const std::string& key) {
  statement query(conn, "SELECT value FROM settings WHERE key = ?");
  query.bind(1, key);
  if (!query.step()) return std::nullopt;
  return query.text(0);
}

void set_setting(connection& conn, const std::string& key, const std::string& value) {
  statement(conn,
            "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
            "value = excluded.value")
      .bind(1, key)
      .bind(2, value)
      .step();
}

}  // namespace landing::storage::sqlite
