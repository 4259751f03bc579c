#include "leads/db.hpp"

#include <sqlite3.h>

namespace landing::leads::db {
namespace {

[[noreturn]] void fail(sqlite3* db, const std::string& what) {
  throw error(what + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}

}  // namespace

connection::connection(const std::string& path) {
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string reason = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw error("cannot open database " + path + ": " + reason);
  }
  sqlite3_busy_timeout(db_, 5000);
  try {
    exec("PRAGMA journal_mode=WAL");
    // FULL: a lead acknowledged with 202 survives power loss, not just a crash of this process.
    exec("PRAGMA synchronous=FULL");
    exec("PRAGMA foreign_keys=ON");
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
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string reason = message ? message : "unknown error";
    sqlite3_free(message);
    throw error(std::string("sqlite: ") + reason);
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

}  // namespace landing::leads::db
