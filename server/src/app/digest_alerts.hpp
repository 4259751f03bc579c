#pragma once

#include <string>
#include <vector>

#include "app/config.hpp"
#include "storage/store.hpp"

namespace landing::app {

// What the digest asks an operator to look at now: the store's health check with every channel's
// figures, and the free space beside a SQLite database against --disk-reserve-mb.
std::vector<std::string> digest_alerts(storage::lead_store& store, const config& cfg);

}  // namespace landing::app
