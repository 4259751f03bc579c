#include "storage/sqlite/digests.hpp"

namespace landing::storage::sqlite {
namespace {

std::optional<digest_row> read_row(connection& conn, const std::string& key) {
  statement query(conn,
                  "SELECT key, owner, claimed_until, parts_sent, sent_at, attempts FROM digests "
                  "WHERE key = ?");
  query.bind(1, key);
  if (!query.step()) return std::nullopt;
  return digest_row{query.text(0),    query.text(1),
                    query.integer(2), static_cast<int>(query.integer(3)),
                    query.integer(4), static_cast<int>(query.integer(5))};
}

}  // namespace

std::optional<digest_row> digests_table::claim_digest(const std::string& key,
                                                      const std::string& owner, std::int64_t now,
                                                      std::int64_t lease_until) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    // A new row, or one not sent whose claim is this owner's or has lapsed.
    statement(conn,
              "INSERT INTO digests (key, owner, claimed_until, attempts) VALUES (?1, ?2, ?3, 1) "
              "ON CONFLICT (key) DO UPDATE SET owner = excluded.owner, claimed_until = "
              "excluded.claimed_until, attempts = digests.attempts + 1 WHERE digests.sent_at = 0 "
              "AND (digests.owner = excluded.owner OR digests.claimed_until <= ?4)")
        .bind(1, key)
        .bind(2, owner)
        .bind(3, lease_until)
        .bind(4, now)
        .step();
    const bool held = conn.changes() == 1;
    auto row = held ? read_row(conn, key) : std::nullopt;
    txn.commit();
    return row;
  });
}

bool digests_table::record_digest(const std::string& key, const std::string& owner, int parts,
                                  std::int64_t sent_at) {
  return db_.write(file_guard::purpose::outcome, [&](connection& conn) {
    statement(conn,
              "UPDATE digests SET parts_sent = ?3, sent_at = ?4 WHERE key = ?1 AND owner = ?2 AND "
              "sent_at = 0")
        .bind(1, key)
        .bind(2, owner)
        .bind(3, static_cast<std::int64_t>(parts))
        .bind(4, sent_at)
        .step();
    return conn.changes() == 1;
  });
}

std::optional<digest_row> digests_table::find_digest(const std::string& key) {
  return db_.read([&](connection& conn) { return read_row(conn, key); });
}

}  // namespace landing::storage::sqlite
