#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

// Helpers for the integration tests: a temporary folder, the real binary as a child process,
// a blocking HTTP client (libcurl) and a fake Telegram Bot API on 127.0.0.1.
namespace landing::testing {

struct temp_dir {
  temp_dir();
  ~temp_dir();
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  std::filesystem::path path;
};

void write_file(const std::filesystem::path& file, const std::string& text);
std::string read_all(const std::filesystem::path& file);

// A small site in the shape web/dist has.
void make_site(const std::filesystem::path& root);

class server_process {
 public:
  // Starts LANDING_SERVER_BIN with --listen 127.0.0.1:0 and waits for its "listening" line.
  server_process(std::vector<std::string> args, const std::map<std::string, std::string>& env,
                 const std::filesystem::path& log_file);
  ~server_process();
  server_process(const server_process&) = delete;
  server_process& operator=(const server_process&) = delete;

  [[nodiscard]] std::string url(const std::string& path) const;
  [[nodiscard]] unsigned short port() const { return port_; }
  int terminate();   // SIGTERM, returns the exit code
  void kill_hard();  // SIGKILL, as a crash would
  [[nodiscard]] std::string output() const;

 private:
  int wait_exit();
  int pid_ = -1;
  unsigned short port_ = 0;
  std::filesystem::path log_;
};

// Runs the binary to completion (for exit codes and the leads CLI).
struct run_result {
  int exit_code;
  std::string output;
};
run_result run_binary(const std::vector<std::string>& args,
                      const std::map<std::string, std::string>& env = {});

struct http_reply {
  long status = 0;
  std::map<std::string, std::string> headers;  // lower-case names
  std::string body;
  [[nodiscard]] std::string header(const std::string& name) const {
    const auto found = headers.find(name);
    return found == headers.end() ? std::string() : found->second;
  }
};

// A raw TCP connection to 127.0.0.1:port that has sent `text`, for requests a well-behaved
// client never makes (half a head, a download abandoned midway). receive_buffer, when not 0,
// shrinks the socket's receive buffer first. Returns the descriptor, or -1.
int raw_connection(unsigned short port, std::string_view text, int receive_buffer = 0);

http_reply http_call(const std::string& method, const std::string& url,
                     const std::vector<std::string>& headers = {}, const std::string& body = {});

struct bot_request {
  std::chrono::steady_clock::time_point at;
  std::string path;
  std::string body;
};

// Answers sendMessage with scripted behaviours, then "ok" once the script is used up.
class fake_bot_api {
 public:
  enum class answer { ok, too_many_requests, server_error, bad_request, hang };
  struct step {
    answer kind;
    int retry_after = 1;
  };

  fake_bot_api();
  ~fake_bot_api();
  fake_bot_api(const fake_bot_api&) = delete;
  fake_bot_api& operator=(const fake_bot_api&) = delete;

  void script(std::vector<step> steps);
  [[nodiscard]] std::string base_url() const;
  [[nodiscard]] std::vector<bot_request> requests() const;
  // Waits until at least n requests arrived; false on timeout.
  bool wait_for(std::size_t n, std::chrono::milliseconds timeout) const;

 private:
  void serve();
  mutable std::mutex mutex_;
  std::vector<step> script_;
  std::vector<bot_request> requests_;
  std::atomic<bool> stopping_{false};
  int listen_fd_ = -1;
  unsigned short port_ = 0;
  std::thread thread_;
};

inline constexpr const char* test_token = "123456:TEST-secret-token";

}  // namespace landing::testing
