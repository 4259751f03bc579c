#include "storage/sqlite/backup.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include "storage/sqlite/connection.hpp"

namespace landing::storage::sqlite {
namespace {

// Everything in one step, inside one read transaction: in WAL mode a reader holds up no writer,
// so the server goes on committing leads, and the copy is the snapshot the step began with.
// Copying in slices instead would restart from the first page whenever the server commits
// between two slices, which under steady traffic may be forever.
constexpr int all_pages = -1;

void sync_path(const std::filesystem::path& path, int flags) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot open " + path.string() + " to sync it");
  const int result = ::fsync(fd);
  ::close(fd);
  if (result != 0) throw std::runtime_error("cannot sync " + path.string());
}

}  // namespace

backup_report backup(const std::string& from, const std::string& to) {
  const std::filesystem::path target(to);
  std::error_code ec;
  if (std::filesystem::exists(target, ec)) {
    throw std::runtime_error(to + " exists already; name a new file (backups never overwrite)");
  }
  if (!std::filesystem::exists(from, ec)) throw std::runtime_error("no database at " + from);
  if (const auto folder = target.parent_path(); !folder.empty()) {
    std::filesystem::create_directories(folder, ec);
    if (ec) throw std::runtime_error("cannot create " + folder.string() + ": " + ec.message());
  }
  auto partial = target;
  partial += ".partial";
  std::filesystem::remove(partial, ec);
  // Whatever fails from here on, no half-made copy is left behind.
  struct remove_unless_done {
    const std::filesystem::path& file;
    bool done = false;
    ~remove_unless_done() {
      std::error_code ignored;
      if (!done) std::filesystem::remove(file, ignored);
    }
  } cleanup{partial};

  {
    connection source(from, std::chrono::seconds(5), false);
    connection copy(partial.string(), std::chrono::seconds(5), true);
    // A rollback-journal file: the backup replaces it page by page, and the result is one file.
    copy.exec("PRAGMA journal_mode=DELETE");
    sqlite3_backup* job = sqlite3_backup_init(copy.handle(), "main", source.handle(), "main");
    if (!job) throw error(sqlite3_errmsg(copy.handle()), sqlite3_extended_errcode(copy.handle()));
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    int rc = SQLITE_OK;
    for (;;) {
      rc = sqlite3_backup_step(job, all_pages);
      // Extended codes (SQLITE_BUSY_SNAPSHOT, …) count as their primary one.
      const int primary = rc & 0xff;
      if (primary != SQLITE_OK && primary != SQLITE_BUSY && primary != SQLITE_LOCKED) break;
      if (std::chrono::steady_clock::now() > give_up) break;
      // The source was mid-checkpoint or mid-commit: wait a moment and take a new snapshot.
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    sqlite3_backup_finish(job);
    if (rc != SQLITE_DONE) throw error(sqlite3_errstr(rc), rc);
  }

  backup_report report;
  {
    // The copy is checked as any reader would open it, and must be a lead database.
    connection check(partial.string(), std::chrono::seconds(5), false);
    {
      statement integrity(check, "PRAGMA integrity_check");
      const std::string verdict = integrity.step() ? integrity.text(0) : "no answer";
      if (verdict != "ok") {
        throw std::runtime_error("the copy failed PRAGMA integrity_check: " + verdict);
      }
      statement count(check, "SELECT count(*) FROM leads");
      report.leads = count.step() ? count.integer(0) : 0;
    }
    // Opening it switched it to WAL (as every connection does); back to one file.
    check.exec("PRAGMA journal_mode=DELETE");
  }
  sync_path(partial, O_RDONLY);
  std::filesystem::rename(partial, target);
  cleanup.done = true;
  sync_path(target.parent_path().empty() ? std::filesystem::path(".") : target.parent_path(),
            O_RDONLY | O_DIRECTORY);
  report.bytes = static_cast<std::int64_t>(std::filesystem::file_size(target));
  return report;
}

}  // namespace landing::storage::sqlite
