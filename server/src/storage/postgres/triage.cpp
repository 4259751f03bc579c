#include "storage/postgres/triage.hpp"

#include "storage/postgres/lead_row.hpp"
#include "storage/postgres/triage_rows.hpp"

namespace landing::storage::postgres {

triage_change triage_tables::change_triage(const std::string& id, const std::string& from,
                                           const next_state& next, const lead_event& event) {
  return db_.run(
      true, [&](connection& conn) { return postgres::change_triage(conn, id, from, next, event); });
}

std::optional<triage_state> triage_tables::triage_of(const std::string& id) {
  return db_.run(false, [&](connection& conn) { return postgres::triage_of(conn, id); });
}

std::vector<lead_event> triage_tables::events_of(const std::string& id) {
  return db_.run(false, [&](connection& conn) { return postgres::events_of(conn, id); });
}

std::vector<std::pair<std::string, triage_state>> triage_tables::triage_states() {
  return db_.run(false, [](connection& conn) { return postgres::triage_states(conn); });
}

std::vector<triage_count> triage_tables::triage_counts() {
  return db_.run(false, [](connection& conn) { return postgres::triage_counts(conn); });
}

std::vector<reminder_due> triage_tables::due_reminders(std::int64_t delivered_before_ms,
                                                       int limit) {
  return db_.run(false, [&](connection& conn) {
    const auto rows = conn.exec(
        with_columns("SELECT ",
                     ", m.chat_id, m.message_id FROM leads l JOIN lead_messages m ON m.lead_id = "
                     "l.id JOIN deliveries d ON d.lead_id = l.id AND d.channel = 'telegram' LEFT "
                     "JOIN lead_triage t ON t.lead_id = l.id WHERE d.status = 'delivered' AND "
                     "m.reminded_at IS NULL AND (t.status IS NULL OR t.status = 'new') AND "
                     "d.delivered_at <= $1::bigint ORDER BY d.delivered_at LIMIT $2::bigint"),
        {str(delivered_before_ms), str(limit)});
    std::vector<reminder_due> out;
    out.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
      out.push_back({read_lead(rows, i),
                     {rows.integer(i, lead_column_count), rows.integer(i, lead_column_count + 1)}});
    }
    return out;
  });
}

bool triage_tables::claim_reminder(const std::string& id, std::int64_t at_ms) {
  return db_.run(true, [&](connection& conn) { return postgres::claim_reminder(conn, id, at_ms); });
}

chat_place triage_tables::chat_place_of(const std::string& id) {
  return db_.run(false, [&](connection& conn) {
    const auto rows = conn.exec(
        "SELECT d.status, COALESCE(m.chat_id, 0), COALESCE(m.message_id, 0) FROM deliveries d "
        "LEFT JOIN lead_messages m ON m.lead_id = d.lead_id WHERE d.lead_id = $1 AND d.channel = "
        "'telegram'",
        {id});
    chat_place out;
    if (rows.rows() > 0) out = {rows.text(0, 0), {rows.integer(0, 1), rows.integer(0, 2)}};
    return out;
  });
}

}  // namespace landing::storage::postgres
