#pragma once

#include <iosfwd>
#include <string>

#include "storage/store.hpp"

// `landing-server leads ...`: operators' commands, on the same database file while the server
// runs (WAL lets them read without blocking it). Each returns the process exit code.
namespace landing::leads::cli {

int list(storage::lead_store& store, const std::string& status, std::ostream& out);
int show(storage::lead_store& store, const std::string& id, std::ostream& out, std::ostream& err);
// A lead's failed or disabled deliveries (to `channel`, or every one for ""); with no id, the
// channel the receiver turned off goes on again with every lead it held.
int retry(storage::lead_store& store, const std::string& id, const std::string& channel,
          std::ostream& out, std::ostream& err);
int export_csv(storage::lead_store& store, std::ostream& out);
// Sends one lead (id) or every lead since a day (YYYY-MM-DD, UTC) to the channel again, as it
// was delivered or not: a webhook keeps its webhook-id with a fresh timestamp and signature.
int redeliver(storage::lead_store& store, const std::string& channel, const std::string& id,
              const std::string& since, std::ostream& out, std::ostream& err);

// One CSV cell (RFC 4180), safe to open in a spreadsheet: text that a spreadsheet would take for
// a formula (a first character of = + - @, tab or carriage return, after any spaces, or the
// full-width forms of = + - @) gets a leading apostrophe, as OWASP advises, so it shows as the
// visitor wrote it and never runs.
std::string csv_field(std::string_view value);
std::string iso_time(std::int64_t unix_ms);
// From the lead's arrival to its «Беру», in minutes with one decimal; empty when never taken.
std::string minutes_to_take(const storage::lead& item, const storage::triage_state& state);

}  // namespace landing::leads::cli
