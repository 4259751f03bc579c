#pragma once

#include <iosfwd>
#include <string>

#include "leads/store.hpp"

// `landing-server leads ...`: operators' commands, on the same database file while the server
// runs (WAL lets them read without blocking it). Each returns the process exit code.
namespace landing::leads::cli {

int list(lead_store& store, const std::string& status, std::ostream& out);
int show(lead_store& store, const std::string& id, std::ostream& out, std::ostream& err);
int retry(lead_store& store, const std::string& id, std::ostream& out, std::ostream& err);
int export_csv(lead_store& store, std::ostream& out);

std::string csv_field(const std::string& value);
std::string iso_time(std::int64_t unix_ms);

}  // namespace landing::leads::cli
