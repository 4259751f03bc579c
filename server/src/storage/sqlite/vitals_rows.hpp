#pragma once

#include <cstdint>
#include <vector>

#include "storage/sqlite/connection.hpp"
#include "storage/vitals.hpp"

// The Web Vitals aggregates in SQLite, on a connection the store lends (it decides the gate, the
// disk checks and the faults). Tables from migration step 3.
namespace landing::storage::sqlite {

// Adds the batch to the stored counts in one transaction. Targets past vitals_targets_kept per
// key fold into the key's empty target, so the table stays bounded whatever visitors send.
void add_vitals(connection& conn, const std::vector<vitals_aggregate>& batch);
std::vector<vitals_aggregate> read_vitals(connection& conn, const vitals_query& query);
// Rows removed from all three tables.
std::int64_t prune_vitals(connection& conn, std::int64_t before_day);

}  // namespace landing::storage::sqlite
