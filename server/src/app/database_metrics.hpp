#pragma once

#include <cstdint>
#include <string>

#include "storage/fault.hpp"

namespace landing::app {

// /metrics' lines about the PostgreSQL server (none for SQLite): each reconnect, how long in all
// no primary answered (the gap under way included), which host the pool reaches, and whether a
// synchronous standby holds every lead answered 202.
std::string render_database(const storage::database_figures& figures, std::int64_t now_ms);

// A Prometheus label value: backslash, double quote and line feed escaped.
std::string label_value(const std::string& text);

}  // namespace landing::app
