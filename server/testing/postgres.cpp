#include "postgres.hpp"

#include <fcntl.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>
#include <vector>

extern char** environ;

namespace landing::testing {
namespace {

std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Debian installs the server under /usr/lib/postgresql/<major>/bin; the newest one wins.
std::filesystem::path server_bin() {
  std::vector<std::filesystem::path> found;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/usr/lib/postgresql", ec)) {
    if (std::filesystem::exists(entry.path() / "bin" / "initdb")) found.push_back(entry.path());
  }
  if (found.empty()) {
    throw std::runtime_error(
        "no PostgreSQL server in /usr/lib/postgresql (scripts/deps installs it)");
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return std::stoi(a.filename().string()) < std::stoi(b.filename().string());
  });
  return found.back() / "bin";
}

// PostgreSQL runs as its own user, who cannot pass through a private folder: a clone in root's
// home (mode 0700 on Debian) made initdb fail. So the cluster lives in a fresh folder of the
// system's temporary directory, and `handle` (where the caller asked for it) is a link to that
// folder; a link left dangling (the temporary folder cleaned at boot) is replaced.
std::filesystem::path cluster_folder(const std::filesystem::path& handle) {
  if (std::filesystem::is_symlink(handle)) {
    auto target = std::filesystem::read_symlink(handle);
    if (std::filesystem::exists(target)) return target;
    std::filesystem::remove(handle);
  } else if (std::filesystem::exists(handle)) {
    return handle;  // a plain folder the caller made reachable itself
  }
  if (handle.has_parent_path()) std::filesystem::create_directories(handle.parent_path());
  auto pattern = (std::filesystem::temp_directory_path() / "landing-pg-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error("cannot make a folder for PostgreSQL in " +
                             std::filesystem::temp_directory_path().string());
  }
  std::filesystem::create_directory_symlink(pattern, handle);
  return pattern;
}

}  // namespace

int run_as_postgres(const std::vector<std::string>& argv, const std::filesystem::path& log) {
  std::vector<std::string> full;
  // PostgreSQL refuses to run as root.
  if (::geteuid() == 0) full = {"runuser", "-u", "postgres", "--"};
  full.insert(full.end(), argv.begin(), argv.end());
  std::vector<char*> args;
  args.reserve(full.size() + 1);
  for (auto& arg : full) args.push_back(arg.data());
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return 127;
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

postgres_server& postgres_server::shared() {
  static postgres_server server = [] {
    if (const char* dir = std::getenv("LANDING_TEST_POSTGRES"); dir && *dir) {
      return postgres_server(dir, false);
    }
    std::random_device random;
    return postgres_server(
        std::filesystem::temp_directory_path() / ("landing-pg-" + std::to_string(random())), true);
  }();
  return server;
}

postgres_server::postgres_server(std::filesystem::path dir, bool owned)
    : handle_(std::move(dir)), dir_(cluster_folder(handle_)), owned_(owned), bin_(server_bin()) {
  if (std::filesystem::exists(dir_ / "data" / "postmaster.pid")) {
    running_ = true;  // started by CTest's fixture (testing/postgres_main.cpp)
    return;
  }
  std::filesystem::create_directories(dir_);
  if (::geteuid() == 0) {
    const passwd* user = ::getpwnam("postgres");
    if (!user) throw std::runtime_error("no postgres user (the postgresql package creates it)");
    if (::chown(dir_.c_str(), user->pw_uid, user->pw_gid) != 0) {
      throw std::runtime_error("cannot hand " + dir_.string() + " to postgres");
    }
  }
  std::filesystem::permissions(dir_, std::filesystem::perms::owner_all);
  const auto log = dir_ / "setup.log";
  if (run_as_postgres({(bin_ / "initdb").string(), "-D", (dir_ / "data").string(), "-U", "postgres",
                       "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"},
                      dir_ / "initdb.log") != 0) {
    throw std::runtime_error("initdb failed:\n" + read_text(dir_ / "initdb.log"));
  }
  start();
  admin("CREATE ROLE landing LOGIN CREATEDB PASSWORD '" + password_ + "'");
}

postgres_server::~postgres_server() {
  if (!owned_) return;
  if (running_) stop();
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
  if (handle_ != dir_) std::filesystem::remove(handle_, ignored);
}

void postgres_server::start() {
  // No TCP at all: the socket in the test's own folder is the only way in.
  const auto options = "-c listen_addresses='' -k " + dir_.string() +
                       " -c max_connections=300 -c shared_buffers=32MB";
  if (run_as_postgres({(bin_ / "pg_ctl").string(), "-D", (dir_ / "data").string(), "-l",
                       (dir_ / "server.log").string(), "-w", "-t", "60", "-o", options, "start"},
                      dir_ / "pg_ctl.log") != 0) {
    throw std::runtime_error("PostgreSQL did not start:\n" + read_text(dir_ / "pg_ctl.log") +
                             read_text(dir_ / "server.log"));
  }
  running_ = true;
}

void postgres_server::stop() {
  run_as_postgres(
      {(bin_ / "pg_ctl").string(), "-D", (dir_ / "data").string(), "-m", "fast", "-w", "stop"},
      dir_ / "pg_ctl.log");
  running_ = false;
}

std::string postgres_server::admin(const std::string& sql) {
  const auto uri = "postgresql://postgres@/postgres?host=" + dir_.string();
  PGconn* conn = PQconnectdb(uri.c_str());
  if (PQstatus(conn) != CONNECTION_OK) {
    const std::string reason = PQerrorMessage(conn);
    PQfinish(conn);
    throw std::runtime_error("cannot reach the test PostgreSQL: " + reason);
  }
  PGresult* res = PQexec(conn, sql.c_str());
  const auto status = PQresultStatus(res);
  const bool ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
  const std::string reason = PQerrorMessage(conn);
  std::string value = ok && PQntuples(res) > 0 ? PQgetvalue(res, 0, 0) : "";
  PQclear(res);
  PQfinish(conn);
  if (!ok) throw std::runtime_error(sql + ": " + reason);
  return value;
}

std::filesystem::path postgres_server::flushed_files_of(const std::string& uri) {
  const auto start = uri.find("@/") + 2;
  const auto name = uri.substr(start, uri.find('?', start) - start);
  admin("CHECKPOINT");
  const auto oid = admin("SELECT oid FROM pg_database WHERE datname = '" + name + "'");
  if (oid.empty()) throw std::runtime_error("no database " + name);
  return dir_ / "data" / "base" / oid;
}

std::string postgres_server::new_database() {
  // Unique across the test processes that share the server.
  std::random_device random;
  const auto name = "test_" + std::to_string(::getpid()) + "_" + std::to_string(++databases_) +
                    "_" + std::to_string(random() % 100000);
  admin("CREATE DATABASE " + name + " OWNER landing");
  return "postgresql://landing:" + password_ + "@/" + name + "?host=" + dir_.string();
}

}  // namespace landing::testing
