#pragma once

#include "storage/sqlite/connection.hpp"

namespace landing::storage::sqlite {

// Brings the schema to the newest version, recorded in PRAGMA user_version; each step runs in
// its own transaction, so a crash mid-way leaves a consistent older version.
void migrate(connection& conn);

int schema_version(connection& conn);

}  // namespace landing::storage::sqlite
