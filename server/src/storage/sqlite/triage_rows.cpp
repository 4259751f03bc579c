#include "storage/sqlite/triage_rows.hpp"

namespace landing::storage::sqlite {
namespace {

void bind_optional(statement& stmt, int index, std::int64_t value) {
  if (value == 0) {
    stmt.bind_null(index);
  } else {
    stmt.bind(index, value);
  }
}

constexpr const char* state_columns =
    "t.status, t.taken_by_id, t.taken_by_name, t.taken_at, t.done_at, t.changed_by_id, "
    "t.changed_by_name, t.changed_at";

void write_state(connection& conn, const std::string& id, const triage_state& state) {
  statement write(conn,
                  "INSERT INTO lead_triage (lead_id, status, taken_by_id, taken_by_name, "
                  "taken_at, done_at, changed_by_id, changed_by_name, changed_at) VALUES (?, ?, "
                  "?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lead_id) DO UPDATE SET status = "
                  "excluded.status, taken_by_id = excluded.taken_by_id, taken_by_name = "
                  "excluded.taken_by_name, taken_at = excluded.taken_at, done_at = "
                  "excluded.done_at, changed_by_id = excluded.changed_by_id, changed_by_name = "
                  "excluded.changed_by_name, changed_at = excluded.changed_at");
  write.bind(1, id).bind(2, state.status);
  bind_optional(write, 3, state.taken_by.id);
  write.bind(4, state.taken_by.name);
  bind_optional(write, 5, state.taken_at);
  bind_optional(write, 6, state.done_at);
  write.bind(7, state.changed_by.id).bind(8, state.changed_by.name).bind(9, state.changed_at);
  write.step();
}

void add_event(connection& conn, const std::string& id, const lead_event& event) {
  statement row(conn,
                "INSERT INTO lead_events (lead_id, action, actor_id, actor_name, at, click_id) "
                "VALUES (?, ?, ?, ?, ?, ?)");
  row.bind(1, id).bind(2, event.action).bind(3, event.by.id).bind(4, event.by.name);
  row.bind(5, event.at);
  if (event.click_id.empty()) {
    row.bind_null(6);
  } else {
    row.bind(6, event.click_id);
  }
  row.step();
}

triage_state read_state(const statement& row) {
  triage_state out;
  if (row.is_null(0)) return out;  // nobody clicked yet
  out.status = row.text(0);
  out.taken_by = {row.integer(1), row.text(2)};
  out.taken_at = row.integer(3);
  out.done_at = row.integer(4);
  out.changed_by = {row.integer(5), row.text(6)};
  out.changed_at = row.integer(7);
  return out;
}

}  // namespace

std::optional<triage_state> triage_of(connection& conn, const std::string& id) {
  statement query(conn, (std::string("SELECT ") + state_columns +
                         " FROM leads l LEFT JOIN lead_triage t ON t.lead_id = l.id WHERE l.id = ?")
                            .c_str());
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  return read_state(query);
}

std::vector<std::pair<std::string, triage_state>> triage_states(connection& conn) {
  statement query(
      conn, (std::string("SELECT ") + state_columns + ", t.lead_id FROM lead_triage t").c_str());
  std::vector<std::pair<std::string, triage_state>> out;
  while (query.step()) out.emplace_back(query.text(8), read_state(query));
  return out;
}

std::vector<triage_count> triage_counts(connection& conn) {
  statement query(conn,
                  "SELECT COALESCE(t.status, 'new'), COUNT(*) FROM leads l LEFT JOIN lead_triage "
                  "t ON t.lead_id = l.id WHERE EXISTS (SELECT 1 FROM lead_messages m WHERE "
                  "m.lead_id = l.id) GROUP BY 1 ORDER BY 1");
  std::vector<triage_count> out;
  while (query.step()) out.push_back({query.text(0), query.integer(1)});
  return out;
}

void note_message(connection& conn, const std::string& id, const sent_message& where) {
  statement(conn,
            "INSERT INTO lead_messages (lead_id, chat_id, message_id) VALUES (?, ?, ?) ON "
            "CONFLICT (lead_id) DO UPDATE SET chat_id = excluded.chat_id, message_id = "
            "excluded.message_id")
      .bind(1, id)
      .bind(2, where.chat_id)
      .bind(3, where.message_id)
      .step();
}

bool claim_reminder(connection& conn, const std::string& id, std::int64_t at_ms) {
  statement(conn,
            "UPDATE lead_messages SET reminded_at = ? WHERE lead_id = ? AND reminded_at IS NULL")
      .bind(1, at_ms)
      .bind(2, id)
      .step();
  return conn.changes() == 1;
}

triage_change change_triage(connection& conn, const std::string& id, const std::string& from,
                            const next_state& next, const lead_event& event) {
  transaction txn(conn);
  auto change = decide_change(
      triage_of(conn, id),
      [&] {
        statement seen(conn, "SELECT 1 FROM lead_events WHERE click_id = ?");
        seen.bind(1, event.click_id);
        return seen.step();
      },
      from, next, event,
      [&](const triage_state& after) {
        write_state(conn, id, after);
        add_event(conn, id, event);
      });
  if (change.applied) txn.commit();
  return change;
}

std::vector<lead_event> events_of(connection& conn, const std::string& id) {
  statement query(conn,
                  "SELECT action, actor_id, actor_name, at, click_id FROM lead_events WHERE "
                  "lead_id = ? ORDER BY id");
  query.bind(1, id);
  std::vector<lead_event> out;
  while (query.step()) {
    out.push_back(
        {query.text(0), {query.integer(1), query.text(2)}, query.integer(3), query.text(4)});
  }
  return out;
}

std::map<std::string, lead_desk> export_desks(connection& conn) {
  std::map<std::string, lead_desk> out;
  for (auto& [id, state] : triage_states(conn)) {
    out[id].clicked = true;
    out[id].state = std::move(state);
  }
  statement events(conn,
                   "SELECT lead_id, action, actor_id, actor_name, at, click_id FROM lead_events "
                   "ORDER BY id");
  while (events.step()) {
    out[events.text(0)].history.push_back(
        {events.text(1), {events.integer(2), events.text(3)}, events.integer(4), events.text(5)});
  }
  statement messages(conn, "SELECT lead_id, chat_id, message_id, reminded_at FROM lead_messages");
  while (messages.step()) {
    auto& desk = out[messages.text(0)];
    desk.message = {messages.integer(1), messages.integer(2)};
    desk.reminded_at = messages.integer(3);
  }
  return out;
}

void import_desk(connection& conn, const std::string& id, const lead_desk& desk) {
  if (desk.clicked) write_state(conn, id, desk.state);
  for (const auto& event : desk.history) add_event(conn, id, event);
  if (desk.message.message_id != 0) {
    note_message(conn, id, desk.message);
    if (desk.reminded_at != 0) claim_reminder(conn, id, desk.reminded_at);
  }
}

}  // namespace landing::storage::sqlite
