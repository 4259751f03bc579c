#include "storage/postgres/chat_turn.hpp"

#include <algorithm>

#include "storage/postgres/lead_row.hpp"

namespace landing::storage::postgres {

chat_turn_role::turn chat_turn_rows::take_turn(const std::string& owner, std::int64_t now_ms,
                                               std::int64_t hold_ms) {
  return db_.run(true, [&](connection& conn) -> turn {
    const auto taken = conn.exec(
        "UPDATE chat_state SET turn_owner = $1, turn_until = $2::bigint + $3::bigint WHERE id = "
        "1 AND next_send_at <= $2::bigint AND (turn_owner IS NULL OR turn_until < $2::bigint OR "
        "turn_owner = $1) RETURNING 1",
        {owner, str(now_ms), str(hold_ms)});
    if (taken.rows() > 0) return {true, 0};
    const auto state =
        conn.exec("SELECT next_send_at, turn_owner, turn_until FROM chat_state WHERE id = 1");
    auto retry_at = state.integer(0, 0);
    if (!state.is_null(0, 1) && state.text(0, 1) != owner && state.integer(0, 2) > now_ms) {
      retry_at = std::max(retry_at, state.integer(0, 2));
    }
    return {false, retry_at};
  });
}

void chat_turn_rows::end_turn(const std::string& owner, std::int64_t next_send_ms) {
  db_.run(true, [&](connection& conn) {
    // The send happened whoever holds the turn now, so the pacing counts it either way.
    conn.exec(
        "UPDATE chat_state SET next_send_at = greatest(next_send_at, $2::bigint), turn_owner = "
        "CASE WHEN turn_owner = $1 THEN NULL ELSE turn_owner END, turn_until = CASE WHEN "
        "turn_owner = $1 THEN NULL ELSE turn_until END WHERE id = 1",
        {owner, str(next_send_ms)});
    return true;
  });
}

}  // namespace landing::storage::postgres
