#pragma once

#include <string>
#include <vector>

#include "storage/lead.hpp"
#include "storage/postgres/connection.hpp"

// A lead's rows in the outbox, read and summed on a connection the roles lend (outbox, leads,
// transfer, erasure), as storage/sqlite/outbox_rows.hpp does for SQLite.
namespace landing::storage::postgres {

std::vector<channel_delivery> deliveries_of(connection& conn, const std::string& id);
void attach_deliveries(connection& conn, std::vector<lead>& leads);
// `where` picks the leads by $1 ("id = $1", or a condition on channel); held and spam ones are
// left alone.
void sum_status(connection& conn, const char* where, const std::string& bind);
void insert_delivery(connection& conn, const std::string& id, const channel_delivery& row);

}  // namespace landing::storage::postgres
