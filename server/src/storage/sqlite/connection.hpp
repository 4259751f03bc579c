#pragma once

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

// A thin RAII layer over the SQLite C API: connections, prepared statements, transactions.
namespace landing::storage::sqlite {

// Carries SQLite's extended result code and the errno of the failed system call, which together
// tell a full disk from a read-only file system or a lock.
struct error : std::runtime_error {
  error(const std::string& what, int sqlite_code, int errno_code = 0)
      : std::runtime_error(what), code(sqlite_code), system_errno(errno_code) {}
  int code;
  int system_errno;
};

class connection {
 public:
  // Opens (creating the file when `create`) with WAL, synchronous=FULL, secure deletion and a
  // busy timeout, so the server and the operators' CLI can share the file.
  explicit connection(const std::string& path,
                      std::chrono::milliseconds busy_timeout = std::chrono::seconds(5),
                      bool create = true);
  connection(const connection&) = delete;
  connection& operator=(const connection&) = delete;
  ~connection();

  void exec(const char* sql);
  // Copies every page of the write-ahead log into the database file and empties the log, so
  // what the log held of earlier page versions is gone from disk; waits for readers through the
  // busy timeout and throws (SQLITE_BUSY) when one still holds an older snapshot.
  void checkpoint_truncate();
  [[nodiscard]] sqlite3* handle() const { return db_; }
  [[nodiscard]] std::int64_t changes() const;

 private:
  sqlite3* db_ = nullptr;
};

class statement {
 public:
  statement(connection& conn, const char* sql);
  statement(const statement&) = delete;
  statement& operator=(const statement&) = delete;
  ~statement();

  statement& bind(int index, std::string_view text);
  statement& bind(int index, std::int64_t number);
  statement& bind(int index, double number);
  statement& bind_null(int index);
  // True while a row is available.
  bool step();
  void reset();

  [[nodiscard]] std::string text(int column) const;
  [[nodiscard]] std::int64_t integer(int column) const;
  [[nodiscard]] double real(int column) const;
  [[nodiscard]] bool is_null(int column) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN IMMEDIATE takes the write lock up front, so a transaction never fails half-way on a
// lock upgrade; rolls back unless committed.
class transaction {
 public:
  explicit transaction(connection& conn);
  transaction(const transaction&) = delete;
  transaction& operator=(const transaction&) = delete;
  ~transaction();
  void commit();

 private:
  connection& conn_;
  bool done_ = false;
};

// Copies the whole database behind `from` into a new file at `path` (SQLite's online backup), as
// one consistent snapshot. Throws sqlite::error.
void copy_database(connection& from, const std::string& path);

}  // namespace landing::storage::sqlite
