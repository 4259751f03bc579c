// A channel the receiver turned off, and on again (storage/outbox.hpp): the flag in settings and
// the channel's rows it holds.
#include "common/clock.hpp"
#include "storage/postgres/lead_row.hpp"
#include "storage/postgres/outbox.hpp"
#include "storage/postgres/outbox_rows.hpp"

namespace landing::storage::postgres {
namespace {

std::string disabled_key(const std::string& channel) { return "channel." + channel + ".disabled"; }

void hold_pending(connection& conn, const std::string& channel, const std::string& reason) {
  conn.exec(
      "UPDATE deliveries SET status = 'disabled', last_error = $1, claimed_by = NULL, "
      "claimed_until = NULL WHERE channel = $2 AND status = 'pending'",
      {reason, channel});
  sum_status(conn, "id IN (SELECT lead_id FROM deliveries WHERE channel = $1)", channel);
}

}  // namespace

std::optional<std::string> outbox_table::channel_disabled(const std::string& channel) {
  return db_.run(false, [&](connection& conn) -> std::optional<std::string> {
    const auto rows =
        conn.exec("SELECT value FROM settings WHERE key = $1", {disabled_key(channel)});
    if (rows.rows() == 0) return std::nullopt;
    return rows.text(0, 0);
  });
}

void outbox_table::disable_channel(const std::string& channel, const std::string& reason) {
  db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    conn.exec(
        "INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value "
        "= excluded.value",
        {disabled_key(channel), reason});
    hold_pending(conn, channel, reason);
    txn.commit();
    return true;
  });
}

bool outbox_table::hold_while_disabled(const std::string& channel) {
  return db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    // The flag's row is locked: an enable deletes it, so one of the two waits for the other, and
    // a hold that waited finds the flag gone.
    const auto flag =
        conn.exec("SELECT value FROM settings WHERE key = $1 FOR UPDATE", {disabled_key(channel)});
    if (flag.rows() == 0) return false;
    hold_pending(conn, channel, flag.text(0, 0));
    txn.commit();
    return true;
  });
}

std::int64_t outbox_table::enable_channel(const std::string& channel) {
  return db_.run(true, [&](connection& conn) {
    transaction txn(conn);
    conn.exec("DELETE FROM settings WHERE key = $1", {disabled_key(channel)});
    const auto changed = conn.exec(
        "UPDATE deliveries SET status = 'pending', next_attempt_at = $1::bigint WHERE channel = "
        "$2 AND status = 'disabled' RETURNING 1",
        {str(clock::now_ms()), channel});
    sum_status(conn, "id IN (SELECT lead_id FROM deliveries WHERE channel = $1)", channel);
    txn.commit();
    return static_cast<std::int64_t>(changed.rows());
  });
}

}  // namespace landing::storage::postgres
