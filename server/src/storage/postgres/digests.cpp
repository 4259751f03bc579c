#include "storage/postgres/digests.hpp"

#include "storage/postgres/lead_row.hpp"

namespace landing::storage::postgres {
namespace {

constexpr const char* columns = "key, owner, claimed_until, parts_sent, sent_at, attempts";

std::optional<digest_row> row_of(const result& rows) {
  if (rows.rows() == 0) return std::nullopt;
  return digest_row{rows.text(0, 0),    rows.text(0, 1),
                    rows.integer(0, 2), static_cast<int>(rows.integer(0, 3)),
                    rows.integer(0, 4), static_cast<int>(rows.integer(0, 5))};
}

}  // namespace

std::optional<digest_row> digests_table::claim_digest(const std::string& key,
                                                      const std::string& owner, std::int64_t now,
                                                      std::int64_t lease_until) {
  return db_.run(true, [&](connection& conn) {
    // One statement: replicas claiming at the same moment are ordered by the row's lock, and
    // the one that comes second sees the first one's claim.
    return row_of(conn.exec(
        std::string("INSERT INTO digests (key, owner, claimed_until, attempts) VALUES ($1, $2, "
                    "$3::bigint, 1) ON CONFLICT (key) DO UPDATE SET owner = excluded.owner, "
                    "claimed_until = excluded.claimed_until, attempts = digests.attempts + 1 "
                    "WHERE digests.sent_at = 0 AND (digests.owner = excluded.owner OR "
                    "digests.claimed_until <= $4::bigint) RETURNING ") +
            columns,
        {key, owner, str(lease_until), str(now)}));
  });
}

bool digests_table::record_digest(const std::string& key, const std::string& owner, int parts,
                                  std::int64_t sent_at) {
  return db_.run(true, [&](connection& conn) {
    const auto rows = conn.exec(
        "UPDATE digests SET parts_sent = $3::integer, sent_at = $4::bigint WHERE key = $1 AND "
        "owner = $2 AND sent_at = 0 RETURNING key",
        {key, owner, std::to_string(parts), str(sent_at)});
    return rows.rows() == 1;
  });
}

std::optional<digest_row> digests_table::find_digest(const std::string& key) {
  return db_.run(false, [&](connection& conn) {
    return row_of(
        conn.exec(std::string("SELECT ") + columns + " FROM digests WHERE key = $1", {key}));
  });
}

}  // namespace landing::storage::postgres
