#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/postgres/connection.hpp"
#include "storage/triage.hpp"

// Triage in PostgreSQL, on a connection the roles lend (triage.hpp, outbox.hpp, transfer.hpp).
// Tables from migration 4.
namespace landing::storage::postgres {

// The lead's row is locked (FOR UPDATE) before its state is read, in a statement of its own, so
// clicks on one lead from several replicas take turns and the check that it is still in `from`
// holds for the write.
triage_change change_triage(connection& conn, const std::string& id, const std::string& from,
                            const next_state& next, const lead_event& event);
std::optional<triage_state> triage_of(connection& conn, const std::string& id);
std::vector<lead_event> events_of(connection& conn, const std::string& id);
std::vector<std::pair<std::string, triage_state>> triage_states(connection& conn);
std::vector<triage_count> triage_counts(connection& conn);
// Inside the caller's transaction (the delivery's).
void note_message(connection& conn, const std::string& id, const sent_message& where);
bool claim_reminder(connection& conn, const std::string& id, std::int64_t at_ms);
// The desk's rows of every lead that has any, by lead id; and writing one lead's back, inside the
// caller's transaction (migrate-db).
std::map<std::string, lead_desk> export_desks(connection& conn);
void import_desk(connection& conn, const std::string& id, const lead_desk& desk);

}  // namespace landing::storage::postgres
