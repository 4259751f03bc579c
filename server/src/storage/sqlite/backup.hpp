#pragma once

#include <cstdint>
#include <string>

namespace landing::storage::sqlite {

struct backup_report {
  std::int64_t leads = 0;
  std::int64_t bytes = 0;
};

// A consistent copy of a live database file, taken with SQLite's online backup API while the
// server goes on writing (a page copy restarts when the source changes under it; the finished
// copy is one committed state). The copy is written beside `to`, checked with
// PRAGMA integrity_check, synced, and only then renamed into place, so `to` is never a partial
// file. Refuses (sqlite::error / std::runtime_error) when `to` exists already or the source is
// not a lead database.
backup_report backup(const std::string& from, const std::string& to);

}  // namespace landing::storage::sqlite
