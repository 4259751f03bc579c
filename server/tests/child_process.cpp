#include "child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <regex>
#include <stdexcept>
#include <thread>

#include "paths.hpp"
#include "support.hpp"

namespace landing::testing {

child_process::child_process(std::vector<std::string> argv, const std::filesystem::path& log_file,
                             std::chrono::milliseconds limit)
    : log_(log_file) {
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (auto& arg : argv) args.push_back(arg.data());
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log_file.c_str(), O_WRONLY | O_CREAT | O_APPEND,
                                   0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot start " + argv[0]);
  pid_ = pid;
  const std::regex listening(R"re("port"\s*:\s*(\d+))re");
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    std::smatch match;
    const auto text = read_all(log_);
    if (std::regex_search(text, match, listening)) {
      port_ = static_cast<unsigned short>(std::stoi(match[1]));
      return;
    }
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error(argv[0] + " exited early:\n" + text);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  throw std::runtime_error(argv[0] + " did not start:\n" + read_all(log_));
}

child_process::~child_process() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  int status = 0;
  for (int i = 0; i < 100; ++i) {
    if (waitpid(pid_, &status, WNOHANG) == pid_) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(pid_, SIGKILL);
  waitpid(pid_, &status, 0);
}

std::string child_process::output() const { return read_all(log_); }

std::filesystem::path repository_root() { return landing::testing::contract_dir().parent_path(); }

}  // namespace landing::testing
