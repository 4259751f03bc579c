#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

// A real PostgreSQL for the tests, never a mock: initdb and pg_ctl in a temporary folder, a unix
// socket in that folder and no TCP port, run as an unprivileged user (postgres, when the tests
// run as root, as the gate does).
struct pg_conn;  // libpq's PGconn

namespace landing::testing {

class postgres_server {
 public:
  // The server the tests share: the one CTest started for the run (its folder in the environment
  // variable LANDING_TEST_POSTGRES), or else one this binary starts on first use and stops when
  // it exits. Throws std::runtime_error with PostgreSQL's own log when it cannot start.
  static postgres_server& shared();

  // A server in `dir` (created, or taken over when one already runs there): a link to a fresh
  // folder in the system's temporary directory, which the postgres user can reach wherever `dir`
  // is. owned: stopped and removed (folder and link) when this object goes. Tests that stop the
  // server use one of their own this way.
  postgres_server(std::filesystem::path dir, bool owned);

  // A new, empty database for one test, and the URI to reach it as a role with a password (the
  // socket trusts local users, so the password is not checked, only carried, as in production).
  std::string new_database();
  [[nodiscard]] const std::string& password() const { return password_; }

  // The folder of one database's relation files (every table, index and TOAST table of it,
  // the catalog's included), after a CHECKPOINT wrote every changed page into them: what a copy
  // of the disk would show. `uri` is one new_database() returned.
  std::filesystem::path flushed_files_of(const std::string& uri);

  // For the tests that take the database away: a fast shutdown, and a start again.
  void stop();
  void start();

  // A streaming standby of this server in `dir`, copied with `pg_basebackup -R` and started: it
  // follows this server until promote(). Owned, it goes with the object, as from the constructor.
  std::unique_ptr<postgres_server> standby(std::filesystem::path dir, bool owned = true);
  // The database server's death without a word: SIGKILL to the postmaster (its backends exit
  // when they notice).
  void kill_hard();
  // `pg_ctl promote`, waiting until the standby takes writes.
  void promote();
  // ALTER SYSTEM SET name = 'value', then a reload (for synchronous replication).
  void configure(const std::string& name, const std::string& value);
  // Runs `sql` as the superuser; the first column of its first row ("" when it has none).
  std::string admin(const std::string& sql);
  // Where its unix socket is: a libpq host.
  [[nodiscard]] std::string socket_dir() const { return dir_.string(); }

  postgres_server(const postgres_server&) = delete;
  postgres_server& operator=(const postgres_server&) = delete;
  ~postgres_server();

 private:
  struct copied {};
  // pg_ctl stop in the given mode ("fast", or "immediate" for a cluster about to be removed).
  void stop(const char* mode);
  // A server made by standby(): the data folder is there already.
  postgres_server(std::filesystem::path dir, bool owned, copied);

  std::filesystem::path handle_;
  std::filesystem::path dir_;
  bool owned_ = true;
  std::filesystem::path bin_;
  std::string password_ = "s3cret-Pa55";
  int databases_ = 0;
  bool running_ = false;
};

// A client session of a test's own (an operator's psql, a report on a standby), held open
// between statements, as a transaction left open needs.
class pg_session {
 public:
  // Throws std::runtime_error with libpq's reason when `uri` cannot be reached.
  explicit pg_session(const std::string& uri);
  ~pg_session();
  pg_session(const pg_session&) = delete;
  pg_session& operator=(const pg_session&) = delete;

  // Whether `sql` succeeded.
  bool run(const std::string& sql);
  // The first column of each row `sql` returns; std::runtime_error with the reason if it fails.
  std::vector<std::string> column(const std::string& sql);

 private:
  pg_conn* conn_;
};

// Runs argv as the user PostgreSQL runs as; its exit code. Output goes to `log`.
int run_as_postgres(const std::vector<std::string>& argv, const std::filesystem::path& log);

}  // namespace landing::testing
