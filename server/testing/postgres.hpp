#pragma once

#include <filesystem>
#include <string>
#include <vector>

// A real PostgreSQL for the tests, never a mock: initdb and pg_ctl in a temporary folder, a unix
// socket in that folder and no TCP port, run as an unprivileged user (postgres, when the tests
// run as root, as the gate does).
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

  postgres_server(const postgres_server&) = delete;
  postgres_server& operator=(const postgres_server&) = delete;
  ~postgres_server();

 private:
  // Runs `sql` as the superuser; the first column of its first row ("" when it has none).
  std::string admin(const std::string& sql);

  std::filesystem::path handle_;
  std::filesystem::path dir_;
  bool owned_ = true;
  std::filesystem::path bin_;
  std::string password_ = "s3cret-Pa55";
  int databases_ = 0;
  bool running_ = false;
};

// Runs argv as the user PostgreSQL runs as; its exit code. Output goes to `log`.
int run_as_postgres(const std::vector<std::string>& argv, const std::filesystem::path& log);

}  // namespace landing::testing
