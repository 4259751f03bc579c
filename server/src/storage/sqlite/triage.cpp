#include "storage/sqlite/triage.hpp"

#include "storage/sqlite/lead_row.hpp"
#include "storage/sqlite/triage_rows.hpp"

namespace landing::storage::sqlite {

triage_change triage_tables::change_triage(const std::string& id, const std::string& from,
                                           const next_state& next, const lead_event& event) {
  // A click records what a manager did: it may use the reserve, as an outcome does.
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    return sqlite::change_triage(conn, id, from, next, event);
  });
}

std::optional<triage_state> triage_tables::triage_of(const std::string& id) {
  return db_.read([&](connection& conn) { return sqlite::triage_of(conn, id); });
}

std::vector<lead_event> triage_tables::events_of(const std::string& id) {
  return db_.read([&](connection& conn) { return sqlite::events_of(conn, id); });
}

std::vector<std::pair<std::string, triage_state>> triage_tables::triage_states() {
  return db_.read([](connection& conn) { return sqlite::triage_states(conn); });
}

std::vector<triage_count> triage_tables::triage_counts() {
  return db_.read([](connection& conn) { return sqlite::triage_counts(conn); });
}

std::vector<reminder_due> triage_tables::due_reminders(std::int64_t delivered_before_ms,
                                                       int limit) {
  return db_.read([&](connection& conn) {
    statement query(conn, with_columns("SELECT ",
                                       ", m.chat_id, m.message_id FROM leads l JOIN lead_messages "
                                       "m ON m.lead_id = l.id JOIN deliveries d ON d.lead_id = "
                                       "l.id AND d.channel = 'telegram' LEFT JOIN lead_triage t "
                                       "ON t.lead_id = l.id WHERE d.status = 'delivered' AND "
                                       "m.reminded_at IS NULL AND (t.status IS NULL OR t.status "
                                       "= 'new') AND d.delivered_at <= ? ORDER BY d.delivered_at "
                                       "LIMIT ?")
                              .c_str());
    query.bind(1, delivered_before_ms).bind(2, static_cast<std::int64_t>(limit));
    std::vector<reminder_due> out;
    while (query.step()) {
      out.push_back({read_lead(query),
                     {query.integer(lead_column_count), query.integer(lead_column_count + 1)}});
    }
    return out;
  });
}

bool triage_tables::claim_reminder(const std::string& id, std::int64_t at_ms) {
  return db_.write(file_guard::purpose::outcome,
                   [&](connection& conn) { return sqlite::claim_reminder(conn, id, at_ms); });
}

chat_place triage_tables::chat_place_of(const std::string& id) {
  return db_.read([&](connection& conn) {
    statement query(conn,
                    "SELECT d.status, COALESCE(m.chat_id, 0), COALESCE(m.message_id, 0) FROM "
                    "deliveries d LEFT JOIN lead_messages m ON m.lead_id = d.lead_id WHERE "
                    "d.lead_id = ? AND d.channel = 'telegram'");
    query.bind(1, id);
    chat_place out;
    if (query.step()) out = {query.text(0), {query.integer(1), query.integer(2)}};
    return out;
  });
}

}  // namespace landing::storage::sqlite
