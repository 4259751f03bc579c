#pragma once

#include <cstdint>
#include <vector>

#include "storage/postgres/connection.hpp"
#include "storage/vitals.hpp"

// The Web Vitals aggregates in PostgreSQL, on a connection the store lends. Tables from
// migration step 3. Replicas add to the same rows: every write is an additive upsert, so their
// counts sum whatever the interleaving.
namespace landing::storage::postgres {

// One transaction, one statement per table. Rows are written in key order, so two replicas'
// batches lock shared rows in the same order and cannot deadlock each other.
void add_vitals(connection& conn, const std::vector<vitals_aggregate>& batch);
std::vector<vitals_aggregate> read_vitals(connection& conn, const vitals_query& query);
std::int64_t prune_vitals(connection& conn, std::int64_t before_day);

}  // namespace landing::storage::postgres
