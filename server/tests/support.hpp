#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
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

// A small site in the shape web/dist has, with a .consent.json that lists test_consent_version
// for both locales (and test_old_consent_version for ru, as a page from before a deploy would).
void make_site(const std::filesystem::path& root);
// A script and a film over 64 KiB, which go out by sendfile. Only the tests of that path add
// them: a server compresses the script at start, and its brotli at quality 11 was a sixth of the
// CPU time of the whole suite under ASan, in servers that never served it.
void add_large_files(const std::filesystem::path& root);
inline const std::string test_consent_version(64, 'c');
inline const std::string test_old_consent_version(64, 'b');

// A valid JSON lead from Anna (en, no consent asked) carrying `message`.
std::string lead_json(const std::string& message);

class server_process {
 public:
  // Starts landing-server (paths.hpp) with --listen 127.0.0.1:0 and waits for its "listening" line.
  // `prefix` runs the binary through another command, such as {"prlimit", "--nofile=128:128"}.
  server_process(std::vector<std::string> args, const std::map<std::string, std::string>& env,
                 const std::filesystem::path& log_file,
                 const std::vector<std::string>& prefix = {});
  ~server_process();
  server_process(const server_process&) = delete;
  server_process& operator=(const server_process&) = delete;

  [[nodiscard]] std::string url(const std::string& path) const;
  [[nodiscard]] unsigned short port() const { return port_; }
  int terminate();   // SIGTERM, returns the exit code
  void kill_hard();  // SIGKILL, as a crash would
  [[nodiscard]] std::string output() const;
  // Waits (up to `limit`) until the log has a line with "event":"<event>".
  bool wait_for_event(const std::string& event,
                      std::chrono::milliseconds limit = std::chrono::seconds(30)) const;
  [[nodiscard]] int pid() const { return pid_; }
  // CPU time (user + system) the process has used so far.
  [[nodiscard]] std::chrono::milliseconds cpu_time() const;

 private:
  int wait_exit();
  int pid_ = -1;
  unsigned short port_ = 0;
  std::filesystem::path log_;
};

// --site and --db, and delivery timings short enough for a test: retries after 200 to 400 ms,
// a Bot API call cut off after 1 s.
std::vector<std::string> delivery_test_args(const std::string& site, const std::string& db);

// The environment that points the binary at a fake Bot API with the test token and chat 42.
std::map<std::string, std::string> telegram_env(const std::string& api_base);

// Runs the binary to completion (for exit codes and the leads CLI).
struct run_result {
  int exit_code;
  std::string output;
};
// `prefix` runs it through another command, as server_process's does.
run_result run_binary(const std::vector<std::string>& args,
                      const std::map<std::string, std::string>& env = {},
                      const std::vector<std::string>& prefix = {});

// Reads `read` again until its text holds every one of `needles`, or `limit` passes; the last text
// read. For what the server writes after a fake saw it happen: an outcome is recorded once the
// fake has answered, so a test that reads the store right after may be a moment too early.
std::string read_until(const std::function<std::string()>& read,
                       const std::vector<std::string>& needles,
                       std::chrono::milliseconds limit = std::chrono::seconds(10));

// Runs a command (not the server) to completion; its exit code. For mount, prlimit and the like.
int run_command(const std::vector<std::string>& argv);

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
// The same from another loopback address (127.0.0.2...), as a second client would come.
int raw_connection_from(const std::string& source, unsigned short port, std::string_view text);
// Everything the server sends on fd until it closes the connection or `quiet` passes without a
// byte; `closed` tells which.
struct raw_reply {
  std::string bytes;
  bool closed = false;
};
raw_reply read_raw(int fd, std::chrono::milliseconds quiet = std::chrono::milliseconds(1500));
// Sends `text` on a new connection and reads the reply (read_raw), then closes.
raw_reply exchange(unsigned short port, std::string_view text,
                   std::chrono::milliseconds quiet = std::chrono::milliseconds(1500));
// The status codes of every response in a raw byte stream, in order.
std::vector<int> statuses(const std::string& bytes);

// A JSON lead posted to /api/contact with no `altcha` field gets a minted proof of work
// (minted_proof.hpp), as the page's script adds one; http_call_exact sends the body as it is.
http_reply http_call(const std::string& method, const std::string& url,
                     const std::vector<std::string>& headers = {}, const std::string& body = {});
http_reply http_call_exact(const std::string& method, const std::string& url,
                           const std::vector<std::string>& headers = {},
                           const std::string& body = {});

struct bot_request {
  std::chrono::steady_clock::time_point at;
  std::string path;
  std::string body;
  bool answered_ok = false;     // got the 200 {"ok":true} that means delivered
  std::int64_t message_id = 0;  // the id an answered sendMessage was given
};

// A Bot API on 127.0.0.1 for the tests, one thread per connection. sendMessage and
// editMessageText follow a script of answers, then "ok" (sendMessage gives each message an id
// of its own: 1, 2, 3...). getUpdates hands out the updates a test injects, as Telegram does
// (those below the offset asked for are confirmed and gone), waiting up to half a second for
// one, unless its own script says otherwise. answerCallbackQuery is recorded and answered ok.
class fake_bot_api {
 public:
  enum class answer {
    ok,
    too_many_requests,
    server_error,
    bad_request,
    hang,
    raw,      // `status` and `body` as given
    endless,  // a 200 whose body never ends
    trickle,  // a 200 that sends its head, then one byte a second
  };
  struct step {
    step(answer what, int after = 1) : kind(what), retry_after(after) {}  // NOLINT: implicit
    // A raw answer: this status and body.
    step(int code, std::string text) : kind(answer::raw), status(code), body(std::move(text)) {}
    answer kind;
    int retry_after = 1;
    int status = 200;
    std::string body;
  };

  fake_bot_api();
  ~fake_bot_api();
  fake_bot_api(const fake_bot_api&) = delete;
  fake_bot_api& operator=(const fake_bot_api&) = delete;

  // For the chat's messages: sendMessage and editMessageText.
  void script(std::vector<step> steps);
  // The answer once the script is used up (ok unless set).
  void otherwise(answer kind);
  // For getUpdates; once used up, the injected updates.
  void script_updates(std::vector<step> steps);
  // Queues one update; `update` is the JSON object without update_id, which is added. Returns it.
  std::int64_t inject(const std::string& update);
  // How many requests carried `text` and were answered ok (sendMessage).
  [[nodiscard]] std::size_t delivered_containing(const std::string& text) const;
  // The id given to the first message delivered with `text` in it (0 when none was): a lead's
  // buttons carry "take:<id>".
  [[nodiscard]] std::int64_t message_id_carrying(const std::string& text) const;
  [[nodiscard]] std::string base_url() const;
  // sendMessage requests, in order.
  [[nodiscard]] std::vector<bot_request> requests() const;
  // The requests of one method ("editMessageText", "answerCallbackQuery", "getUpdates").
  [[nodiscard]] std::vector<bot_request> calls(const std::string& method) const;
  // Waits until at least n sendMessage requests arrived; false on timeout.
  bool wait_for(std::size_t n, std::chrono::milliseconds timeout) const;
  // The same for another method.
  bool wait_for_calls(const std::string& method, std::size_t n,
                      std::chrono::milliseconds timeout) const;
  // The offset of the last getUpdates (-1 before any).
  [[nodiscard]] std::int64_t last_offset() const;

 private:
  void serve();
  void answer_connection(int fd);
  mutable std::mutex mutex_;
  std::vector<step> script_;
  std::vector<step> updates_script_;
  answer otherwise_ = answer::ok;
  std::vector<bot_request> requests_;  // every method
  std::vector<std::pair<std::int64_t, std::string>> updates_;
  std::int64_t next_update_id_ = 1000;
  std::int64_t next_message_id_ = 1;
  std::int64_t last_offset_ = -1;
  std::atomic<bool> stopping_{false};
  int listen_fd_ = -1;
  unsigned short port_ = 0;
  std::vector<std::thread> connections_;
  std::thread thread_;
};

inline constexpr const char* test_token = "123456:TEST-secret-token";

}  // namespace landing::testing
