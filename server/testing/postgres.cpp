#include "postgres.hpp"

#include <fcntl.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <signal.h>
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
  // The folder goes next, so nothing is worth the shutdown checkpoint a fast stop writes: the
  // shared test cluster took 6 s to stop fast at the end of each C++ stage of the gate.
  if (running_) stop("immediate");
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
  if (handle_ != dir_) std::filesystem::remove(handle_, ignored);
}

postgres_server::postgres_server(std::filesystem::path dir, bool owned, copied)
    : handle_(std::move(dir)), dir_(cluster_folder(handle_)), owned_(owned), bin_(server_bin()) {}

std::unique_ptr<postgres_server> postgres_server::standby(std::filesystem::path dir, bool owned) {
  std::unique_ptr<postgres_server> copy(new postgres_server(std::move(dir), owned, copied{}));
  if (::geteuid() == 0) {
    const passwd* user = ::getpwnam("postgres");
    if (!user || ::chown(copy->dir_.c_str(), user->pw_uid, user->pw_gid) != 0) {
      throw std::runtime_error("cannot hand " + copy->dir_.string() + " to postgres");
    }
  }
  std::filesystem::permissions(copy->dir_, std::filesystem::perms::owner_all);
  // -R writes primary_conninfo (this server's socket) and standby.signal; -X stream copies the
  // WAL the backup needs while it runs.
  if (run_as_postgres({(bin_ / "pg_basebackup").string(), "-D", (copy->dir_ / "data").string(),
                       "-h", dir_.string(), "-U", "postgres", "-R", "-X", "stream", "-c", "fast"},
                      copy->dir_ / "basebackup.log") != 0) {
    throw std::runtime_error("pg_basebackup failed:\n" + read_text(copy->dir_ / "basebackup.log"));
  }
  copy->password_ = password_;
  copy->start();
  return copy;
}

void postgres_server::kill_hard() {
  std::ifstream pid_file(dir_ / "data" / "postmaster.pid");
  pid_t pid = 0;
  if (!(pid_file >> pid) || pid <= 0)
    throw std::runtime_error("no postmaster.pid in " + dir_.string());
  ::kill(pid, SIGKILL);
  // Gone, or a zombie its parent has not reaped yet (pg_ctl's start left it to init): either
  // way it answers nothing. Its backends notice its death within moments.
  const auto gone = [pid] {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string id, name, state;
    return !(stat >> id >> name >> state) || state == "Z";
  };
  for (int i = 0; i < 100 && !gone(); ++i) ::usleep(20'000);
  running_ = false;
}

void postgres_server::promote() {
  if (run_as_postgres(
          {(bin_ / "pg_ctl").string(), "-D", (dir_ / "data").string(), "-w", "-t", "60", "promote"},
          dir_ / "pg_ctl.log") != 0) {
    throw std::runtime_error("pg_ctl promote failed:\n" + read_text(dir_ / "pg_ctl.log"));
  }
}

void postgres_server::configure(const std::string& name, const std::string& value) {
  admin("ALTER SYSTEM SET " + name + " = '" + value + "'");
  admin("SELECT pg_reload_conf()");
}

void postgres_server::start() {
  // No TCP at all: the socket in the test's own folder is the only way in. Prepared transactions
  // are allowed so a test can hold a scrub off with one. No fsync: the tests kill processes,
  // never the machine, and what a killed server wrote is in the page cache all the same.
  const auto options =
      "-c listen_addresses='' -k " + dir_.string() +
      " -c max_connections=300 -c shared_buffers=32MB -c max_prepared_transactions=4 -c fsync=off";
  if (run_as_postgres({(bin_ / "pg_ctl").string(), "-D", (dir_ / "data").string(), "-l",
                       (dir_ / "server.log").string(), "-w", "-t", "60", "-o", options, "start"},
                      dir_ / "pg_ctl.log") != 0) {
    throw std::runtime_error("PostgreSQL did not start:\n" + read_text(dir_ / "pg_ctl.log") +
                             read_text(dir_ / "server.log"));
  }
  running_ = true;
}

void postgres_server::stop() { stop("fast"); }

void postgres_server::stop(const char* mode) {
  run_as_postgres(
      {(bin_ / "pg_ctl").string(), "-D", (dir_ / "data").string(), "-m", mode, "-w", "stop"},
      dir_ / "pg_ctl.log");
  running_ = false;
}

std::string postgres_server::admin(const std::string& sql) {
  const auto rows = pg_session("postgresql://postgres@/postgres?host=" + dir_.string()).column(sql);
  return rows.empty() ? "" : rows.front();
}

pg_session::pg_session(const std::string& uri) : conn_(PQconnectdb(uri.c_str())) {
  if (PQstatus(conn_) != CONNECTION_OK) {
    const std::string reason = PQerrorMessage(conn_);
    PQfinish(conn_);
    throw std::runtime_error("cannot reach the test PostgreSQL: " + reason);
  }
}

pg_session::~pg_session() { PQfinish(conn_); }

bool pg_session::run(const std::string& sql) {
  PGresult* res = PQexec(conn_, sql.c_str());
  const auto status = PQresultStatus(res);
  PQclear(res);
  return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

std::vector<std::string> pg_session::column(const std::string& sql) {
  PGresult* res = PQexec(conn_, sql.c_str());
  const auto status = PQresultStatus(res);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    PQclear(res);
    throw std::runtime_error(sql + ": " + PQerrorMessage(conn_));
  }
  std::vector<std::string> out;
  out.reserve(static_cast<std::size_t>(PQntuples(res)));
  for (int i = 0; i < PQntuples(res); ++i) out.emplace_back(PQgetvalue(res, i, 0));
  PQclear(res);
  return out;
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
