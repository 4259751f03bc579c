#pragma once

#include <string>
#include <vector>

#include "storage/lead.hpp"
#include "storage/sqlite/connection.hpp"

// A lead's rows in the outbox, read and summed on a connection the roles lend (outbox, leads,
// transfer, erasure).
namespace landing::storage::sqlite {

// Every channel's row of the lead, by channel name.
std::vector<channel_delivery> deliveries_of(connection& conn, const std::string& id);
// Every lead's rows, for listing many leads with one query.
void attach_deliveries(connection& conn, std::vector<lead>& leads);
// The lead's status from its rows (storage/lead.hpp); `where` picks the leads ("id = ?" with the
// id bound as `bind`, or a condition on channel), held and spam ones are left alone.
void sum_status(connection& conn, const char* where, const std::string& bind);
void insert_delivery(connection& conn, const std::string& id, const channel_delivery& row);

}  // namespace landing::storage::sqlite
