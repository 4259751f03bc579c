// CTest's fixture: one PostgreSQL for the whole test run instead of one per test process; and the
// failover benchmark's hands (bench/failover.sh).
//   test_postgres start DIR              initdb (first time) and start, in DIR
//   test_postgres stop DIR               stop, and remove DIR
//   test_postgres standby DIR COPY       a streaming standby of DIR's server, in COPY
//   test_postgres set DIR NAME VALUE     ALTER SYSTEM SET and reload
//   test_postgres kill DIR               SIGKILL to the postmaster
//   test_postgres promote DIR            pg_ctl promote, waiting
#include <filesystem>
#include <iostream>
#include <string>

#include "postgres.hpp"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: test_postgres start|stop|standby|set|kill|promote DIR [...]\n";
    return 2;
  }
  const std::string command = argv[1];
  const std::filesystem::path dir = argv[2];
  try {
    if (command == "standby" && argc == 4) {
      landing::testing::postgres_server primary(dir, false);
      primary.standby(argv[3], false);
      return 0;
    }
    if (command == "set" && argc == 5) {
      landing::testing::postgres_server(dir, false).configure(argv[3], argv[4]);
      return 0;
    }
    if (command == "kill" && argc == 3) {
      landing::testing::postgres_server(dir, false).kill_hard();
      return 0;
    }
    if (command == "promote" && argc == 3) {
      landing::testing::postgres_server(dir, false).promote();
      return 0;
    }
    if (command == "start") {
      // A leftover of an interrupted run: its server may still run there, and would hold on to
      // the folder's files after they are removed. Stopped first, then removed with its folder.
      if (std::filesystem::exists(dir / "data" / "postmaster.pid")) {
        const landing::testing::postgres_server leftover(dir, true);
      }
      std::error_code ignored;
      // The folder a link left behind points into the temporary directory (postgres.hpp).
      if (std::filesystem::is_symlink(dir)) {
        std::filesystem::remove_all(std::filesystem::read_symlink(dir), ignored);
      }
      std::filesystem::remove_all(dir, ignored);
      // Not owned: it must outlive this process, for the tests.
      landing::testing::postgres_server server(dir, false);
      std::cout << "PostgreSQL for the tests runs in " << dir.string() << "\n";
      return 0;
    }
    if (command == "stop") {
      landing::testing::postgres_server server(dir, true);
      return 0;
    }
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  std::cerr << "usage: test_postgres start|stop|standby|set|kill|promote DIR [...]\n";
  return 2;
}
