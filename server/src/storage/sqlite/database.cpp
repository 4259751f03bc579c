#include "storage/sqlite/database.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <tuple>

#include "common/clock.hpp"
#include "common/log.hpp"
#include "storage/sqlite/migrations.hpp"
#include "storage/ulid.hpp"

namespace landing::storage::sqlite {
namespace {

// A rename is durable only once the folder that lists it is synced.
void sync_folder(const std::string& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

fault fault_of(const error& e) {
  const int primary = e.code & 0xFF;
  if (e.system_errno == ENOSPC || e.system_errno == EDQUOT || primary == SQLITE_FULL) {
    return fault::disk_full;
  }
  if (e.system_errno == EROFS || primary == SQLITE_READONLY) return fault::read_only;
  if (primary == SQLITE_CANTOPEN || primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT) {
    return fault::unavailable;
  }
  return fault::write_failed;
}

database::database(std::string path, options opts)
    : path_(std::move(path)), options_(opts), guard_(path_, opts.disk_reserve_bytes) {
  try {
    keeper_ = std::make_unique<connection>(path_, options_.busy_timeout, true);
    migrate(*keeper_);
  } catch (const error& e) {
    throw storage::error(fault::unavailable, e.what());
  }
  // SQLite syncs the folder when it creates a log, not when it creates the database file: a
  // crash soon after the first start could otherwise take the new file's name along.
  sync_folder(guard_.folder());
  guard_.remember();
}

database::~database() = default;

std::string database::make_id(std::int64_t unix_ms) {
  const std::lock_guard lock(ids_mutex_);
  return ids_.next(static_cast<std::uint64_t>(unix_ms));
}

std::unique_ptr<connection> database::open_connection() {
  {
    const std::lock_guard lock(pool_mutex_);
    if (!idle_.empty()) {
      auto conn = std::move(idle_.back());
      idle_.pop_back();
      return conn;
    }
  }
  // Never creates the file: a new empty database in place of a deleted one would hide the
  // deletion from the guard and answer every query with "no such table".
  return std::make_unique<connection>(path_, options_.busy_timeout, false);
}

void database::release(std::unique_ptr<connection> conn) {
  if (!conn || detached_) return;
  const std::lock_guard lock(pool_mutex_);
  idle_.push_back(std::move(conn));
}

void database::close_all() {
  {
    const std::lock_guard lock(pool_mutex_);
    idle_.clear();
  }
  keeper_.reset();
}

void database::open_all() {
  auto conn = std::make_unique<connection>(path_, options_.busy_timeout, false);
  migrate(*conn);
  keeper_ = std::move(conn);
  guard_.remember();
}

void database::restore() {
  const auto folder = guard_.folder();
  if (!std::filesystem::is_directory(folder)) {
    throw storage::error(fault::missing, "the folder " + folder +
                                             " is gone; once it exists again the database is "
                                             "written back into it");
  }
  if (!keeper_) throw storage::error(fault::missing, "no open copy of the database is left");
  const auto temporary = path_ + ".restoring";
  std::error_code ignored;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    std::filesystem::remove(temporary + suffix, ignored);
  }
  try {
    copy_database(*keeper_, temporary);
  } catch (const error& e) {
    std::filesystem::remove(temporary, ignored);
    throw storage::error(fault::missing,
                         std::string("cannot write the database back: ") + e.what());
  }
  // Every connection of ours still points at the old file; none may outlive it, or two sets
  // of connections would share one -shm index for two different logs.
  close_all();
  guard_.remove_stale_logs();
  std::filesystem::rename(temporary, path_, ignored);
  if (ignored) {
    throw storage::error(fault::missing,
                         "cannot move the restored copy into place: " + ignored.message());
  }
  sync_folder(folder);
  try {
    open_all();
  } catch (const error& e) {
    throw storage::error(fault::unavailable, e.what());
  }
  log::warn("database_restored",
            {{"path", path_},
             {"effect",
              "the file was deleted while open; it was written back from the server's "
              "open copy, nothing was lost"}});
}

void database::reopen() {
  close_all();
  guard_.remove_stale_logs();
  try {
    open_all();
  } catch (const error& e) {
    throw storage::error(fault_of(e), e.what());
  }
  detached_ = false;
}

file_guard::verdict database::settle() {
  auto verdict = guard_.check(file_guard::purpose::new_lead, !detached_);
  try {
    if (verdict.file == file_guard::identity::missing) {
      restore();
    } else if (verdict.file == file_guard::identity::replaced) {
      reopen();
      log::warn("database_reopened", {{"path", path_},
                                      {"effect",
                                       "another file took the database's place; the "
                                       "server now uses that one"}});
    }
    if (verdict.file != file_guard::identity::same)
      verdict = guard_.check(file_guard::purpose::new_lead, !detached_);
  } catch (const storage::error& e) {
    verdict.problem = e.problem;
    verdict.reason = e.what();
  } catch (const error& e) {
    verdict.problem = fault_of(e);
    verdict.reason = e.what();
  }
  return verdict;
}

void database::probe() {
  try {
    const lease conn(*this);
    transaction txn(*conn);
    statement(*conn,
              "INSERT INTO health_probe (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO "
              "UPDATE SET checked_at = excluded.checked_at")
        .bind(1, clock::now_ms())
        .step();
    txn.commit();
    last_write_.succeeded();
    if (detached_) {
      detached_ = false;
      open_all();
      log::info("database_reattached", {{"path", path_}});
    }
  } catch (const error& e) {
    const auto problem = fault_of(e);
    last_write_.failed(e.what(), problem);
    // A disk that refuses writes for lack of space still lets itself be unmounted; one that
    // refuses them for any other reason may need exactly that to be fixed.
    if (problem != fault::disk_full && !detached_) {
      detached_ = true;
      close_all();
      log::warn("database_detached",
                {{"path", path_},
                 {"reason", e.what()},
                 {"effect",
                  "no connection is kept open, so its file system can be unmounted "
                  "and mounted again; the server reconnects by itself"}});
    }
  }
}

health database::check(const std::function<void(connection&, health&)>& figures) {
  health out;
  file_guard::verdict verdict;
  {
    // Once a second, and short unless the file has to be put back: every operation waits.
    const std::unique_lock gate(gate_);
    verdict = settle();
    // After a failed write nothing else proves the disk took writes again, so try one.
    if ((last_write_.failing() || detached_) && verdict.problem == fault::none) probe();
  }
  const std::shared_lock gate(gate_);
  try {
    const lease conn(*this);
    figures(*conn, out);
  } catch (const error& e) {
    if (verdict.problem == fault::none) {
      verdict.problem = fault::unavailable;
      verdict.reason = e.what();
    }
  }
  if (verdict.problem != fault::none) {
    out.problem = verdict.problem;
    out.reason = verdict.reason;
  } else {
    std::tie(out.problem, out.reason) = last_write_.failure();
  }
  return out;
}

}  // namespace landing::storage::sqlite
