#include "support.hpp"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <regex>
#include <stdexcept>

#include "minted_proof.hpp"
#include "paths.hpp"

extern char** environ;

namespace landing::testing {

std::string read_all(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

namespace {

int spawn(const std::vector<std::string>& args, const std::map<std::string, std::string>& env,
          const std::filesystem::path& log_file, const std::vector<std::string>& prefix = {}) {
  std::vector<std::string> argv_text = prefix;
  argv_text.emplace_back(landing::testing::server_binary().string());
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  argv.reserve(argv_text.size() + 1);
  for (auto& arg : argv_text) argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::map<std::string, std::string> merged;
  for (char** entry = environ; *entry; ++entry) {
    const std::string text = *entry;
    const auto eq = text.find('=');
    // The tests decide Telegram and server settings themselves.
    if (text.starts_with("TELEGRAM_") || text.starts_with("LANDING_")) continue;
    merged[text.substr(0, eq)] = text.substr(eq + 1);
  }
  // Every server signs proofs of work with the tests' secret and asks the least work of them,
  // unless the test says otherwise (minted_proof.hpp).
  merged["LANDING_PROOF_SECRET_FILE"] = test_proof_secret_file();
  merged["LANDING_PROOF_ITERATIONS"] = "1";
  merged["LANDING_PROOF_MAX_COUNTER"] = "2";
  // Forms posted without JavaScript come from one address in the tests: the limit of their own
  // is tested where it is set.
  merged["LANDING_UNPROVEN_FORMS_PER_HOUR"] = "100000";
  for (const auto& [key, value] : env) merged[key] = value;
  std::vector<std::string> env_text;
  env_text.reserve(merged.size());
  for (const auto& [key, value] : merged) {
    std::string entry = key;
    entry += '=';
    entry += value;
    env_text.push_back(std::move(entry));
  }
  std::vector<char*> envp;
  envp.reserve(env_text.size() + 1);
  for (auto& entry : env_text) envp.push_back(entry.data());
  envp.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log_file.c_str(), O_WRONLY | O_CREAT | O_APPEND,
                                   0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot start " + std::string(argv[0]));
  return pid;
}

int exit_code_of(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}

std::size_t collect(char* data, std::size_t size, std::size_t count, void* out) {
  static_cast<std::string*>(out)->append(data, size * count);
  return size * count;
}

}  // namespace

temp_dir::temp_dir() {
  std::random_device random;
  path = std::filesystem::temp_directory_path() /
         ("landing-test-" + std::to_string(random()) + std::to_string(random()));
  std::filesystem::create_directories(path);
}

temp_dir::~temp_dir() {
  std::error_code ignored;
  std::filesystem::remove_all(path, ignored);
}

void write_file(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
}

std::string lead_json(const std::string& message) {
  return boost::json::serialize(boost::json::object{{"name", "Anna"},
                                                    {"social", "@anna_dev"},
                                                    {"email", "anna@example.com"},
                                                    {"message", message},
                                                    {"locale", "en"},
                                                    {"website", ""}});
}

void make_site(const std::filesystem::path& root) {
  for (const std::string locale : {"en", "ru"}) {
    write_file(root / locale / "index.html", "<!doctype html><h1>index " + locale + "</h1>");
    write_file(root / locale / "404.html", "<!doctype html><h1>missing " + locale + "</h1>");
    write_file(root / locale / "thanks.html", "<!doctype html><h1>thanks " + locale + "</h1>");
    write_file(root / locale / "form-error.html", "<!doctype html><h1>error " + locale + "</h1>");
    write_file(root / locale / "form-unavailable.html",
               "<!doctype html><h1>unavailable " + locale + "</h1>");
    write_file(root / locale / "form-needs-script.html",
               "<!doctype html><h1>another way " + locale + "</h1>");
    write_file(root / locale / "privacy.html", "<!doctype html><h1>privacy " + locale + "</h1>");
    write_file(root / locale / "consent.html", "<!doctype html><h1>consent " + locale + "</h1>");
  }
  std::string script;
  for (int i = 0; i < 2000; ++i)
    script += "console.log('landing " + std::to_string(i % 7) + "');\n";
  write_file(root / "assets" / "index-AbC123.js", script);
  std::string video;
  for (int i = 0; i < 5000; ++i) video += static_cast<char>((i * 7919) % 256);
  write_file(root / "video" / "intro.mp4", video);
  write_file(root / "robots.txt", "User-agent: *\nAllow: /\n");
  write_file(root / "admin" / "index.html", "<!doctype html><title>editor</title>");
  write_file(root / "admin" / "config.js", "CMS.init({ config: {} });\n");
  write_file(root / ".consent.json",
             R"({"required":["ru"],"versions":{"en":[")" + test_consent_version + R"("],"ru":[")" +
                 test_consent_version + R"(",")" + test_old_consent_version + R"("]}})");
  write_file(root / ".vite" / "manifest.json", "{\"secret\":true}");
  write_file(root / ".env", "TOKEN=nope");
}

void add_large_files(const std::filesystem::path& root) {
  // Large enough that every form of it, compressed ones included, goes out with sendfile.
  std::string bundle;
  std::uint32_t seed = 1;
  for (int i = 0; i < 60000; ++i) {
    seed = seed * 1103515245U + 12345U;
    bundle += "let v" + std::to_string(seed % 9973) + (i % 12 == 0 ? ";\n" : "; ");
  }
  write_file(root / "assets" / "vendor-Big456.js", bundle);
  std::string film;
  for (int i = 0; i < 200000; ++i) film += static_cast<char>((i * 7919 + i / 251) % 256);
  write_file(root / "video" / "long.mp4", film);
}

server_process::server_process(std::vector<std::string> args,
                               const std::map<std::string, std::string>& env,
                               const std::filesystem::path& log_file,
                               const std::vector<std::string>& prefix)
    : log_(log_file) {
  args.insert(args.begin(), {"--listen", "127.0.0.1:0", "--threads", "2"});
  pid_ = spawn(args, env, log_file, prefix);
  const std::regex listening(R"re("event":"listening".*"port":(\d+))re");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
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
      throw std::runtime_error("landing-server exited early:\n" + text);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill_hard();
  throw std::runtime_error("landing-server did not start:\n" + read_all(log_));
}

server_process::~server_process() {
  if (pid_ > 0) kill_hard();
}

std::string server_process::url(const std::string& path) const {
  return "http://127.0.0.1:" + std::to_string(port_) + path;
}

int server_process::wait_exit() {
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return exit_code_of(status);
}

int server_process::terminate() {
  ::kill(pid_, SIGTERM);
  return wait_exit();
}

void server_process::kill_hard() {
  ::kill(pid_, SIGKILL);
  wait_exit();
}

std::string server_process::output() const { return read_all(log_); }

bool server_process::wait_for_event(const std::string& event,
                                    std::chrono::milliseconds limit) const {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  const auto needle = "\"event\":\"" + event + "\"";
  while (std::chrono::steady_clock::now() < deadline) {
    if (output().find(needle) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

std::chrono::milliseconds server_process::cpu_time() const {
  // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks.
  const auto text = read_all("/proc/" + std::to_string(pid_) + "/stat");
  std::size_t at = text.rfind(')');
  long long ticks = 0;
  for (int field = 3; field <= 15 && at != std::string::npos; ++field) {
    at = text.find(' ', at + 1);
    if (field >= 14 && at != std::string::npos) ticks += std::atoll(text.c_str() + at + 1);
  }
  return std::chrono::milliseconds(ticks * 1000 / sysconf(_SC_CLK_TCK));
}

int run_command(const std::vector<std::string>& argv_text) {
  std::vector<char*> argv;
  std::vector<std::string> copy = argv_text;
  argv.reserve(copy.size() + 1);
  for (auto& arg : copy) argv.push_back(arg.data());
  argv.push_back(nullptr);
  // Quiet: mkfs, e2fsck and mount have nothing to say that the exit code does not.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return 127;
  int status = 0;
  waitpid(pid, &status, 0);
  return exit_code_of(status);
}

run_result run_binary(const std::vector<std::string>& args,
                      const std::map<std::string, std::string>& env,
                      const std::vector<std::string>& prefix) {
  const temp_dir dir;
  const auto log = dir.path / "out.log";
  const int pid = spawn(args, env, log, prefix);
  int status = 0;
  waitpid(pid, &status, 0);
  return {exit_code_of(status), read_all(log)};
}

int raw_connection(unsigned short port, std::string_view text, int receive_buffer) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  if (receive_buffer > 0) {
    ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);
  }
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      ::send(fd, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size())) {
    ::close(fd);
    return -1;
  }
  return fd;
}

int raw_connection_from(const std::string& source, unsigned short port, std::string_view text) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in local{};
  local.sin_family = AF_INET;
  inet_pton(AF_INET, source.c_str(), &local.sin_addr);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(fd, reinterpret_cast<const sockaddr*>(&local), sizeof local) != 0 ||
      ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      (!text.empty() &&
       ::send(fd, text.data(), text.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(text.size()))) {
    ::close(fd);
    return -1;
  }
  return fd;
}

raw_reply read_raw(int fd, std::chrono::milliseconds quiet) {
  raw_reply out;
  char chunk[65536];
  for (;;) {
    pollfd ready{fd, POLLIN, 0};
    if (poll(&ready, 1, static_cast<int>(quiet.count())) <= 0) return out;
    const auto got = ::recv(fd, chunk, sizeof chunk, 0);
    if (got <= 0) {
      out.closed = true;
      return out;
    }
    out.bytes.append(chunk, static_cast<std::size_t>(got));
  }
}

raw_reply exchange(unsigned short port, std::string_view text, std::chrono::milliseconds quiet) {
  const int fd = raw_connection(port, text);
  if (fd < 0) return {};
  auto out = read_raw(fd, quiet);
  ::close(fd);
  return out;
}

std::vector<int> statuses(const std::string& bytes) {
  std::vector<int> out;
  for (auto at = bytes.find("HTTP/1.1 "); at != std::string::npos;
       at = bytes.find("HTTP/1.1 ", at + 1)) {
    // Only at the start of the stream or of a line: a body could contain the text too.
    if (at == 0 || bytes[at - 1] == '\n') out.push_back(std::atoi(bytes.c_str() + at + 9));
  }
  return out;
}

http_reply http_call(const std::string& method, const std::string& url,
                     const std::vector<std::string>& headers, const std::string& body) {
  const bool json = std::any_of(headers.begin(), headers.end(), [](const std::string& header) {
    std::string lower = header;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.starts_with("content-type:") &&
           lower.find("application/json") != std::string::npos;
  });
  const auto path = url.substr(0, url.find('?'));
  if (method == "POST" && json && path.ends_with("/api/contact")) {
    return http_call_exact(method, url, headers, with_minted_proof(body));
  }
  return http_call_exact(method, url, headers, body);
}

http_reply http_call_exact(const std::string& method, const std::string& url,
                           const std::vector<std::string>& headers, const std::string& body) {
  http_reply reply;
  std::string raw_headers;
  CURL* curl = curl_easy_init();
  curl_slist* list = curl_slist_append(nullptr, "Expect:");
  for (const auto& header : headers) list = curl_slist_append(list, header.c_str());
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method.c_str());
  if (method == "HEAD") curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
  if (!body.empty() || method == "POST") {
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  }
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &reply.body);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, collect);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &raw_headers);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, 20L);
  if (curl_easy_perform(curl) == CURLE_OK) {
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply.status);
  }
  curl_slist_free_all(list);
  curl_easy_cleanup(curl);
  std::size_t start = 0;
  while (start < raw_headers.size()) {
    const auto end = raw_headers.find("\r\n", start);
    const auto line = raw_headers.substr(start, end - start);
    const auto colon = line.find(':');
    if (colon != std::string::npos) {
      std::string name = line.substr(0, colon);
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      reply.headers[name] = line.substr(line.find_first_not_of(' ', colon + 1));
    }
    if (end == std::string::npos) break;
    start = end + 2;
  }
  return reply;
}

std::vector<std::string> delivery_test_args(const std::string& site, const std::string& db) {
  return {"--site",
          site,
          "--db",
          db,
          "--delivery-backoff-base-ms",
          "200",
          "--delivery-backoff-cap-ms",
          "400",
          "--delivery-timeout-ms",
          "1000"};
}

std::map<std::string, std::string> telegram_env(const std::string& api_base) {
  // No digest unless a test asks for one (--digest): it would post to the chat at start.
  return {{"TELEGRAM_BOT_TOKEN", test_token},
          {"TELEGRAM_CHAT_ID", "42"},
          {"TELEGRAM_API_BASE", api_base},
          {"LANDING_DIGEST", "off"}};
}

std::string read_until(const std::function<std::string()>& read,
                       const std::vector<std::string>& needles, std::chrono::milliseconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  for (;;) {
    auto text = read();
    const bool all = std::all_of(needles.begin(), needles.end(), [&](const std::string& needle) {
      return text.find(needle) != std::string::npos;
    });
    if (all || std::chrono::steady_clock::now() >= until) return text;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace landing::testing
