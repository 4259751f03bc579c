// Applies the schema's steps (migrations.cpp) under an advisory lock.
#include <string>

#include "storage/postgres/migrations.hpp"

namespace landing::storage::postgres {
namespace {

// Any number, the same in every replica: the advisory lock that serializes migrations.
constexpr const char* migration_lock = "SELECT pg_advisory_xact_lock(727001)";

}  // namespace

int schema_version(connection& conn) {
  const auto found = conn.exec("SELECT to_regclass('landing_schema') IS NOT NULL");
  if (found.text(0, 0) != "t") return 0;
  const auto version = conn.exec("SELECT version FROM landing_schema");
  return version.rows() > 0 ? static_cast<int>(version.integer(0, 0)) : 0;
}

void migrate(connection& conn) {
  for (std::size_t step = 0; step < migration_steps().size(); ++step) {
    transaction txn(conn);
    conn.exec(migration_lock);
    conn.exec("CREATE TABLE IF NOT EXISTS landing_schema (version integer NOT NULL)");
    // Read under the lock: another replica may have migrated meanwhile.
    const int version = schema_version(conn);
    if (version > static_cast<int>(step)) continue;
    conn.exec(migration_steps()[step]);
    conn.exec("DELETE FROM landing_schema");
    conn.exec("INSERT INTO landing_schema (version) VALUES ($1)", {std::to_string(step + 1)});
    txn.commit();
  }
}

}  // namespace landing::storage::postgres
