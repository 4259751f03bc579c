#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

struct pg_conn;
struct pg_result;

// A thin RAII layer over libpq: one connection, parameterized statements, results, transactions.
namespace landing::storage::postgres {

// `sqlstate` is PostgreSQL's five-character error code ("" when the connection itself failed);
// `connection_lost` tells a dead connection from an error in the statement. Messages never
// carry the connection string's password.
struct error : std::runtime_error {
  error(const std::string& what, std::string state, bool lost)
      : std::runtime_error(what), sqlstate(std::move(state)), connection_lost(lost) {}
  std::string sqlstate;
  bool connection_lost;
};

class result {
 public:
  explicit result(pg_result* res) : res_(res) {}
  result(result&& other) noexcept;
  result& operator=(result&& other) noexcept;
  result(const result&) = delete;
  result& operator=(const result&) = delete;
  ~result();

  [[nodiscard]] int rows() const;
  [[nodiscard]] bool is_null(int row, int column) const;
  [[nodiscard]] std::string text(int row, int column) const;
  [[nodiscard]] std::int64_t integer(int row, int column) const;
  [[nodiscard]] double number(int row, int column) const;

 private:
  pg_result* res_;
};

// A statement parameter: text, or SQL NULL.
using param = std::optional<std::string>;

class connection {
 public:
  // `uri` is a libpq connection URI. Throws postgres::error when the server cannot be reached.
  connection(const std::string& uri, std::chrono::milliseconds connect_timeout);
  connection(const connection&) = delete;
  connection& operator=(const connection&) = delete;
  ~connection();

  // Runs one statement with text parameters ($1, $2...), or without parameters any number of
  // statements; throws postgres::error.
  result exec(std::string_view sql, const std::vector<param>& params = {});
  // The same for a statement without parameters that must not wait past `limit`: once it has not
  // answered by then, it is cancelled (as pg_cancel_backend would), and its answer to that is
  // read and returned. (statement_timeout does not end a COMMIT's wait for the synchronous
  // standby; a cancel does, with a WARNING.)
  result exec_within(std::string_view sql, std::chrono::milliseconds limit);
  [[nodiscard]] bool alive() const;
  [[nodiscard]] int socket() const;
  // The host and port this connection reached ("db2:5432"; a socket folder for a local one).
  [[nodiscard]] std::string host() const;
  // Reads what the server sent and returns the channels of pending notifications.
  std::vector<std::string> notifications();
  // The WARNINGs the server sent since the last call, and forgets them. A COMMIT that warns has
  // committed locally but stopped waiting for the synchronous standby (its wait was cancelled):
  // the one warning a caller must not miss.
  std::vector<std::string> take_warnings();

 private:
  [[noreturn]] void fail(const std::string& what, pg_result* res);
  pg_conn* conn_ = nullptr;
  std::string password_;
  std::vector<std::string> warnings_;
};

// BEGIN … COMMIT, rolled back unless committed.
class transaction {
 public:
  explicit transaction(connection& conn);
  transaction(const transaction&) = delete;
  transaction& operator=(const transaction&) = delete;
  ~transaction();
  void commit();
  // COMMIT, cancelled past `limit` (connection::exec_within).
  void commit_within(std::chrono::milliseconds limit);

 private:
  connection& conn_;
  bool done_ = false;
};

// The password of a connection URI ("postgresql://user:secret@host/db" -> "secret"), to keep it
// out of every message; empty when there is none.
std::string password_of(std::string_view uri);

}  // namespace landing::storage::postgres
