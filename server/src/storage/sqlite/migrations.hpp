#pragma once

#include "leads/db.hpp"

namespace landing::leads {

// Brings the schema to the newest version, recorded in PRAGMA user_version; each step runs in
// its own transaction, so a crash mid-way leaves a consistent older version.
void migrate(db::connection& conn);

int schema_version(db::connection& conn);

}  // namespace landing::leads
