// A channel the receiver turned off, and on again (storage/outbox.hpp): the flag in settings and
// the channel's rows it holds.
#include "common/clock.hpp"
#include "storage/sqlite/outbox.hpp"
#include "storage/sqlite/outbox_rows.hpp"

namespace landing::storage::sqlite {
namespace {

std::string disabled_key(const std::string& channel) { return "channel." + channel + ".disabled"; }

void hold_pending(connection& conn, const std::string& channel, const std::string& reason) {
  statement(conn,
            "UPDATE deliveries SET status = 'disabled', last_error = ? WHERE channel = ? AND "
            "status = 'pending'")
      .bind(1, reason)
      .bind(2, channel)
      .step();
  sum_status(conn, "id IN (SELECT lead_id FROM deliveries WHERE channel = ?)", channel);
}

}  // namespace

std::optional<std::string> outbox_table::channel_disabled(const std::string& channel) {
  return db_.read([&](connection& conn) -> std::optional<std::string> {
    statement query(conn, "SELECT value FROM settings WHERE key = ?");
    query.bind(1, disabled_key(channel));
    if (!query.step()) return std::nullopt;
    return query.text(0);
  });
}

void outbox_table::disable_channel(const std::string& channel, const std::string& reason) {
  db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement(conn,
              "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
              "value = excluded.value")
        .bind(1, disabled_key(channel))
        .bind(2, reason)
        .step();
    hold_pending(conn, channel, reason);
    txn.commit();
    return true;
  });
}

bool outbox_table::hold_while_disabled(const std::string& channel) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement flag(conn, "SELECT value FROM settings WHERE key = ?");
    flag.bind(1, disabled_key(channel));
    if (!flag.step()) return false;
    hold_pending(conn, channel, flag.text(0));
    txn.commit();
    return true;
  });
}

std::int64_t outbox_table::enable_channel(const std::string& channel) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement(conn, "DELETE FROM settings WHERE key = ?").bind(1, disabled_key(channel)).step();
    statement(conn,
              "UPDATE deliveries SET status = 'pending', next_attempt_at = ? WHERE channel = ? "
              "AND status = 'disabled'")
        .bind(1, clock::now_ms())
        .bind(2, channel)
        .step();
    const auto count = conn.changes();
    sum_status(conn, "id IN (SELECT lead_id FROM deliveries WHERE channel = ?)", channel);
    txn.commit();
    return count;
  });
}

}  // namespace landing::storage::sqlite
