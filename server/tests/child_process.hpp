#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

// A helper program a test starts beside the server (the webhook receiver, the SMTP sink), with
// its output in a log file, stopped when the test ends.
namespace landing::testing {

class child_process {
 public:
  // Starts argv[0] (looked up in PATH) and waits until its log holds `"port":N`, the line such
  // helpers print when they listen.
  child_process(std::vector<std::string> argv, const std::filesystem::path& log_file,
                std::chrono::milliseconds limit = std::chrono::seconds(20));
  ~child_process();
  child_process(const child_process&) = delete;
  child_process& operator=(const child_process&) = delete;

  [[nodiscard]] unsigned short port() const { return port_; }
  [[nodiscard]] std::string output() const;

 private:
  int pid_ = -1;
  unsigned short port_ = 0;
  std::filesystem::path log_;
};

// The repository's root, from the contract folder the build names.
std::filesystem::path repository_root();

}  // namespace landing::testing
