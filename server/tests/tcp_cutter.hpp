#pragma once

#include <atomic>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

// A link between the server and its database that a test can cut, as a network failure would:
// it listens on 127.0.0.1 and forwards each connection to PostgreSQL's unix socket. cut() drops
// every connection it carries, both ends, at once; new ones are taken as before.
namespace landing::testing {

class tcp_cutter {
 public:
  // `socket_dir` is PostgreSQL's socket folder (postgres_server::socket_dir()).
  explicit tcp_cutter(const std::filesystem::path& socket_dir);
  tcp_cutter(const tcp_cutter&) = delete;
  tcp_cutter& operator=(const tcp_cutter&) = delete;
  ~tcp_cutter();

  // A database URI of postgres_server::new_database() made to go through this link.
  [[nodiscard]] std::string through(const std::string& uri) const;
  void cut();

 private:
  void accept_loop();
  void pump(int client, int upstream);

  std::string socket_path_;
  int listener_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::vector<int> open_;  // every fd of a live pair
  std::vector<std::thread> threads_;
  std::thread acceptor_;
};

}  // namespace landing::testing
