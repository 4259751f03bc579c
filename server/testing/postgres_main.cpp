// CTest's fixture: one PostgreSQL for the whole test run instead of one per test process.
//   test_postgres start DIR    initdb (first time) and start, in DIR
//   test_postgres stop DIR     stop, and remove DIR
#include <filesystem>
#include <iostream>
#include <string>

#include "postgres.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: test_postgres start|stop DIR\n";
    return 2;
  }
  const std::string command = argv[1];
  const std::filesystem::path dir = argv[2];
  try {
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
  std::cerr << "usage: test_postgres start|stop DIR\n";
  return 2;
}
