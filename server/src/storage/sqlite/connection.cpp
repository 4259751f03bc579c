#include "storage/sqlite/connection.hpp"

#include <sqlite3.h>

namespace landing::storage::sqlite {
namespace {

[[noreturn]] void fail(sqlite3* db, const std::string& what) {
  if (!db) throw error(what + ": out of memory", SQLITE_NOMEM);
  throw error(what + ": " + sqlite3_errmsg(db), sqlite3_extended_errcode(db),
              sqlite3_system_errno(db));
}

}  // namespace

connection::connection(const std::string& path, std::chrono::milliseconds busy_timeout,
                       bool create) {
  const int flags =
      SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
  if (const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr); rc != SQLITE_OK) {
    const std::string reason = db_ ? sqlite3_errmsg(db_) : "out of memory";
    const int code = db_ ? sqlite3_extended_errcode(db_) : rc;
    sqlite3_close(db_);
    db_ = nullptr;
    throw error("cannot open database " + path + ": " + reason, code);
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, static_cast<int>(busy_timeout.count()));
  try {
    exec("PRAGMA journal_mode=WAL");
    // FULL: a lead acknowledged with 202 survives power loss, not just a crash of this process.
    exec("PRAGMA synchronous=FULL");
    exec("PRAGMA foreign_keys=ON");
    // Freed space is overwritten with zeros, so a deleted row (an erased lead) leaves no bytes
    // in the pages it shared with others; the log's older page versions go by
    // checkpoint_truncate() (docs/privacy.md). Every connection, as any write may move cells.
    // Debian builds SQLite with this on by default; said here, the promise holds for any build
    // (with it off, tests/erased_bytes_test.cpp finds the erased markers in the file).
    exec("PRAGMA secure_delete=ON");
  } catch (...) {
    // The destructor does not run for a half-built object, so close here.
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw;
  }
}

connection::~connection() { sqlite3_close_v2(db_); }

void connection::exec(const char* sql) {
  char* message = nullptr;
  if (const int rc = sqlite3_exec(db_, sql, nullptr, nullptr, &message); rc != SQLITE_OK) {
    std::string reason = message ? message : sqlite3_errstr(rc);
    sqlite3_free(message);
    throw error("sqlite: " + reason, sqlite3_extended_errcode(db_), sqlite3_system_errno(db_));
  }
}

void connection::checkpoint_truncate() {
  int frames = 0;
  int copied = 0;
  if (sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_TRUNCATE, &frames, &copied) !=
      SQLITE_OK) {
    fail(db_, "checkpoint");
  }
}

std::int64_t connection::changes() const { return sqlite3_changes64(db_); }

statement::statement(connection& conn, const char* sql) : db_(conn.handle()) {
  if (sqlite3_prepare_v2(db_, sql, -1, &stmt_, nullptr) != SQLITE_OK) fail(db_, "prepare");
}

statement::~statement() { sqlite3_finalize(stmt_); }

statement& statement::bind(int index, std::string_view text) {
  if (sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()),
                        SQLITE_TRANSIENT) != SQLITE_OK) {
    fail(db_, "bind");
  }
  return *this;
}

statement& statement::bind(int index, std::int64_t number) {
  if (sqlite3_bind_int64(stmt_, index, number) != SQLITE_OK) fail(db_, "bind");
  return *this;
}

statement& statement::bind(int index, double number) {
  if (sqlite3_bind_double(stmt_, index, number) != SQLITE_OK) fail(db_, "bind");
  return *this;
}

statement& statement::bind_null(int index) {
  if (sqlite3_bind_null(stmt_, index) != SQLITE_OK) fail(db_, "bind");
  return *this;
}

bool statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  fail(db_, "step");
}

void statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::string statement::text(int column) const {
  const auto* data = sqlite3_column_text(stmt_, column);
  const int size = sqlite3_column_bytes(stmt_, column);
  return data ? std::string(reinterpret_cast<const char*>(data), static_cast<std::size_t>(size))
              : std::string();
}

std::int64_t statement::integer(int column) const { return sqlite3_column_int64(stmt_, column); }

double statement::real(int column) const { return sqlite3_column_double(stmt_, column); }

bool statement::is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

transaction::transaction(connection& conn) : conn_(conn) { conn_.exec("BEGIN IMMEDIATE"); }

transaction::~transaction() {
  if (!done_) {
    try {
      conn_.exec("ROLLBACK");
    } catch (...) {
      // Nothing more to do: SQLite rolls back by itself when the connection closes.
    }
  }
}

void transaction::commit() {
  conn_.exec("COMMIT");
  done_ = true;
}

void copy_database(connection& from, const std::string& path) {
  sqlite3* target = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  if (sqlite3_open_v2(path.c_str(), &target, flags, nullptr) != SQLITE_OK) {
    const std::string reason = target ? sqlite3_errmsg(target) : "out of memory";
    const int code = target ? sqlite3_extended_errcode(target) : SQLITE_NOMEM;
    sqlite3_close(target);
    throw error("cannot create " + path + ": " + reason, code);
  }
  sqlite3_backup* backup = sqlite3_backup_init(target, "main", from.handle(), "main");
  if (!backup) {
    const std::string reason = sqlite3_errmsg(target);
    const int code = sqlite3_extended_errcode(target);
    sqlite3_close(target);
    throw error("cannot copy the database: " + reason, code);
  }
  // -1: every page in one step, under one read transaction of the source, so the copy is one
  // consistent snapshot.
  const int rc = sqlite3_backup_step(backup, -1);
  sqlite3_backup_finish(backup);
  const int code = sqlite3_extended_errcode(target);
  const std::string reason = sqlite3_errmsg(target);
  sqlite3_close(target);
  if (rc != SQLITE_DONE) throw error("cannot copy the database: " + reason, code);
}

}  // namespace landing::storage::sqlite
