#pragma once

#include "app/config.hpp"

namespace landing::app {

// The operators' commands (leads list|show|retry|export, migrate-db, backup, vitals report) on
// the database cfg.db names; their exit code. Each opens the store without standing for leader
// or listening for leads, as a server replica would.
int run_command(const config& cfg);

// SQLite's folder is made when missing; an error for operators when it cannot be.
std::string make_folder(const std::string& db);

}  // namespace landing::app
