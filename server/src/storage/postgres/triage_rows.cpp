#include "storage/postgres/triage_rows.hpp"

namespace landing::storage::postgres {
namespace {

constexpr std::string_view state_columns =
    "t.status, t.taken_by_id, t.taken_by_name, t.taken_at, t.done_at, t.changed_by_id, "
    "t.changed_by_name, t.changed_at";

std::string state_query() {
  return std::string("SELECT ") + std::string(state_columns) +
         " FROM leads l LEFT JOIN lead_triage t ON t.lead_id = l.id WHERE l.id = $1";
}

triage_state state_at(const result& rows, int row) {
  triage_state out;
  if (rows.is_null(row, 0)) return out;  // nobody clicked yet
  out.status = rows.text(row, 0);
  out.taken_by = {rows.integer(row, 1), rows.text(row, 2)};
  out.taken_at = rows.integer(row, 3);
  out.done_at = rows.integer(row, 4);
  out.changed_by = {rows.integer(row, 5), rows.text(row, 6)};
  out.changed_at = rows.integer(row, 7);
  return out;
}

std::optional<triage_state> read_state(const result& rows) {
  if (rows.rows() == 0) return std::nullopt;
  return state_at(rows, 0);
}

param optional_number(std::int64_t value) {
  return value == 0 ? param{} : param{std::to_string(value)};
}

void write_state(connection& conn, const std::string& id, const triage_state& state) {
  conn.exec(
      "INSERT INTO lead_triage (lead_id, status, taken_by_id, taken_by_name, taken_at, done_at, "
      "changed_by_id, changed_by_name, changed_at) VALUES ($1, $2, $3::bigint, $4, $5::bigint, "
      "$6::bigint, $7::bigint, $8, $9::bigint) ON CONFLICT (lead_id) DO UPDATE SET status = "
      "excluded.status, taken_by_id = excluded.taken_by_id, taken_by_name = "
      "excluded.taken_by_name, taken_at = excluded.taken_at, done_at = excluded.done_at, "
      "changed_by_id = excluded.changed_by_id, changed_by_name = excluded.changed_by_name, "
      "changed_at = excluded.changed_at",
      {id, state.status, optional_number(state.taken_by.id), state.taken_by.name,
       optional_number(state.taken_at), optional_number(state.done_at),
       std::to_string(state.changed_by.id), state.changed_by.name,
       std::to_string(state.changed_at)});
}

void add_event(connection& conn, const std::string& id, const lead_event& event) {
  conn.exec(
      "INSERT INTO lead_events (lead_id, action, actor_id, actor_name, at, click_id) VALUES ($1, "
      "$2, $3::bigint, $4, $5::bigint, $6)",
      {id, event.action, std::to_string(event.by.id), event.by.name, std::to_string(event.at),
       event.click_id.empty() ? param{} : param{event.click_id}});
}

}  // namespace

std::optional<triage_state> triage_of(connection& conn, const std::string& id) {
  return read_state(conn.exec(state_query(), {id}));
}

triage_change change_triage(connection& conn, const std::string& id, const std::string& from,
                            const next_state& next, const lead_event& event) {
  transaction txn(conn);
  // The lock first, the read after, in two statements: under READ COMMITTED a statement that
  // waited for a lock still sees the joined rows as they were when it began, so a read in the
  // same statement as the lock would miss the move the other click just committed.
  conn.exec("SELECT 1 FROM leads WHERE id = $1 FOR UPDATE", {id});
  auto change = decide_change(
      read_state(conn.exec(state_query(), {id})),
      [&] {
        return conn.exec("SELECT 1 FROM lead_events WHERE click_id = $1", {event.click_id}).rows() >
               0;
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
  const auto rows = conn.exec(
      "SELECT action, actor_id, actor_name, at, click_id FROM lead_events WHERE lead_id = $1 "
      "ORDER BY id",
      {id});
  std::vector<lead_event> out;
  out.reserve(static_cast<std::size_t>(rows.rows()));
  for (int row = 0; row < rows.rows(); ++row) {
    out.push_back({rows.text(row, 0),
                   {rows.integer(row, 1), rows.text(row, 2)},
                   rows.integer(row, 3),
                   rows.text(row, 4)});
  }
  return out;
}

std::map<std::string, lead_desk> export_desks(connection& conn) {
  std::map<std::string, lead_desk> out;
  for (auto& [id, state] : triage_states(conn)) {
    out[id].clicked = true;
    out[id].state = std::move(state);
  }
  const auto events = conn.exec(
      "SELECT lead_id, action, actor_id, actor_name, at, click_id FROM lead_events ORDER BY id");
  for (int row = 0; row < events.rows(); ++row) {
    out[events.text(row, 0)].history.push_back({events.text(row, 1),
                                                {events.integer(row, 2), events.text(row, 3)},
                                                events.integer(row, 4),
                                                events.text(row, 5)});
  }
  const auto messages =
      conn.exec("SELECT lead_id, chat_id, message_id, reminded_at FROM lead_messages");
  for (int row = 0; row < messages.rows(); ++row) {
    auto& desk = out[messages.text(row, 0)];
    desk.message = {messages.integer(row, 1), messages.integer(row, 2)};
    desk.reminded_at = messages.integer(row, 3);
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

std::vector<std::pair<std::string, triage_state>> triage_states(connection& conn) {
  const auto rows = conn.exec(std::string("SELECT ") + std::string(state_columns) +
                              ", t.lead_id FROM lead_triage t");
  std::vector<std::pair<std::string, triage_state>> out;
  out.reserve(static_cast<std::size_t>(rows.rows()));
  for (int row = 0; row < rows.rows(); ++row) {
    out.emplace_back(rows.text(row, 8), state_at(rows, row));
  }
  return out;
}

std::vector<triage_count> triage_counts(connection& conn) {
  const auto rows = conn.exec(
      "SELECT COALESCE(t.status, 'new'), COUNT(*) FROM leads l LEFT JOIN lead_triage t ON "
      "t.lead_id = l.id WHERE EXISTS (SELECT 1 FROM lead_messages m WHERE m.lead_id = l.id) GROUP "
      "BY 1 ORDER BY 1");
  std::vector<triage_count> out;
  out.reserve(static_cast<std::size_t>(rows.rows()));
  for (int row = 0; row < rows.rows(); ++row) {
    out.push_back({rows.text(row, 0), rows.integer(row, 1)});
  }
  return out;
}

void note_message(connection& conn, const std::string& id, const sent_message& where) {
  conn.exec(
      "INSERT INTO lead_messages (lead_id, chat_id, message_id) VALUES ($1, $2::bigint, "
      "$3::bigint) ON CONFLICT (lead_id) DO UPDATE SET chat_id = excluded.chat_id, message_id = "
      "excluded.message_id",
      {id, std::to_string(where.chat_id), std::to_string(where.message_id)});
}

bool claim_reminder(connection& conn, const std::string& id, std::int64_t at_ms) {
  const auto rows = conn.exec(
      "UPDATE lead_messages SET reminded_at = $1::bigint WHERE lead_id = $2 AND reminded_at IS "
      "NULL RETURNING lead_id",
      {std::to_string(at_ms), id});
  return rows.rows() == 1;
}

}  // namespace landing::storage::postgres
