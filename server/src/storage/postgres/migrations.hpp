#pragma once

#include <span>

#include "storage/postgres/connection.hpp"

namespace landing::storage::postgres {

// Brings the schema to the newest version, recorded in landing_schema. Each step runs in its own
// transaction under an advisory lock, so replicas that start together migrate once, in order.
void migrate(connection& conn);

int schema_version(connection& conn);

// Every step, oldest first: append only, a released step never changes.
std::span<const char* const> migration_steps();

}  // namespace landing::storage::postgres
