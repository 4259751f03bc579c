#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

// A thin RAII layer over the SQLite C API: connections, prepared statements, transactions.
namespace landing::leads::db {

struct error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class connection {
 public:
  // Opens (creating if needed) with WAL, synchronous=FULL and a busy timeout, so the server and
  // the operators' CLI can share the file.
  explicit connection(const std::string& path);
  connection(const connection&) = delete;
  connection& operator=(const connection&) = delete;
  ~connection();

  void exec(const char* sql);
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
  statement& bind_null(int index);
  // True while a row is available.
  bool step();
  void reset();

  [[nodiscard]] std::string text(int column) const;
  [[nodiscard]] std::int64_t integer(int column) const;
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

}  // namespace landing::leads::db
