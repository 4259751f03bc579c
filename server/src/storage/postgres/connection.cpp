#include "storage/postgres/connection.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <string_view>
#include <utility>

#include "common/redact.hpp"

namespace landing::storage::postgres {

std::string password_of(std::string_view uri) {
  const auto scheme = uri.find("://");
  if (scheme == std::string_view::npos) return {};
  auto rest = uri.substr(scheme + 3);
  // The authority ends at the path or the query; its last '@' ends the user part.
  const auto authority = rest.substr(0, rest.find_first_of("/?"));
  const auto at = authority.rfind('@');
  if (at == std::string_view::npos) return {};
  const auto userinfo = authority.substr(0, at);
  const auto colon = userinfo.find(':');
  if (colon == std::string_view::npos) return {};
  return std::string(userinfo.substr(colon + 1));
}

result::result(result&& other) noexcept : res_(other.res_) { other.res_ = nullptr; }

result& result::operator=(result&& other) noexcept {
  if (this != &other) {
    PQclear(res_);
    res_ = other.res_;
    other.res_ = nullptr;
  }
  return *this;
}

result::~result() { PQclear(res_); }

int result::rows() const { return PQntuples(res_); }

bool result::is_null(int row, int column) const { return PQgetisnull(res_, row, column) != 0; }

std::string result::text(int row, int column) const {
  return {PQgetvalue(res_, row, column), static_cast<std::size_t>(PQgetlength(res_, row, column))};
}

std::int64_t result::integer(int row, int column) const {
  return is_null(row, column) ? 0 : std::strtoll(PQgetvalue(res_, row, column), nullptr, 10);
}

double result::number(int row, int column) const {
  return is_null(row, column) ? 0 : std::strtod(PQgetvalue(res_, row, column), nullptr);
}

connection::connection(const std::string& uri, std::chrono::milliseconds connect_timeout)
    : password_(password_of(uri)) {
  // connect_timeout bounds the handshake; keepalives make a peer that vanished (a replica's
  // host, the database's) show up as an error within seconds instead of hanging a call.
  const auto timeout = std::to_string(std::max<long long>(1, connect_timeout.count() / 1000));
  // target_session_attrs=read-write: of the hosts a multi-host URI names (db1,db2), the one that
  // takes writes, whichever it is after a failover; a standby is passed over, and a URI naming
  // only standbys fails to connect rather than failing every write. Later keys win over the URI's.
  const char* keys[] = {"dbname",           "connect_timeout",      "keepalives",
                        "keepalives_idle",  "keepalives_interval",  "keepalives_count",
                        "application_name", "target_session_attrs", nullptr};
  const char* values[] = {uri.c_str(), timeout.c_str(),  "1",          "5",    "2",
                          "2",         "landing-server", "read-write", nullptr};
  // expand_dbname=1: the URI in "dbname" is parsed whole; the other keys fill in what it omits.
  conn_ = PQconnectdbParams(keys, values, 1);
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
    // The destructor does not run for a half-built object: the handle is freed here.
    std::string message = conn_ ? PQerrorMessage(conn_) : "out of memory";
    PQfinish(conn_);
    conn_ = nullptr;
    while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
      message.pop_back();
    // libpq says "session is read-only" (or "server is in hot standby mode") of a standby.
    if (message.find("read-only") != std::string::npos ||
        message.find("hot standby") != std::string::npos) {
      message +=
          " (every host --db names answered as a standby: the server writes, so it needs "
          "the primary; name it too, e.g. postgresql://db1,db2/landing)";
    }
    throw error(redact_uris(redact("cannot connect to PostgreSQL: " + message, password_)), "",
                true);
  }
  // libpq prints the server's notices ("relation … already exists, skipping") to stderr, where
  // they would break the one-JSON-object-per-line log. NOTICEs say nothing an operator needs;
  // WARNINGs are kept for the caller (take_warnings), as one means a commit not replicated.
  PQsetNoticeReceiver(
      conn_,
      [](void* self, const PGresult* res) {
        const char* severity = PQresultErrorField(res, PG_DIAG_SEVERITY_NONLOCALIZED);
        if (severity == nullptr || std::string_view(severity) != "WARNING") return;
        const char* message = PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY);
        static_cast<connection*>(self)->warnings_.emplace_back(message ? message : "warning");
      },
      this);
}

connection::~connection() { PQfinish(conn_); }

void connection::fail(const std::string& what, pg_result* res) {
  std::string state;
  if (res) {
    if (const char* code = PQresultErrorField(res, PG_DIAG_SQLSTATE)) state = code;
  }
  std::string message = conn_ ? PQerrorMessage(conn_) : "out of memory";
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  const bool lost = !conn_ || PQstatus(conn_) != CONNECTION_OK;
  PQclear(res);
  auto text = what + ": " + message;
  if (!password_.empty()) text = redact(std::move(text), password_);
  throw error(redact_uris(text), state, lost);
}

result connection::exec(std::string_view sql, const std::vector<param>& params) {
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const auto& value : params) values.push_back(value ? value->c_str() : nullptr);
  const std::string text(sql);
  // Without parameters the simple protocol runs it, which allows several statements (a
  // migration step); with them, one statement in the extended protocol.
  pg_result* res = params.empty()
                       ? PQexec(conn_, text.c_str())
                       : PQexecParams(conn_, text.c_str(), static_cast<int>(params.size()), nullptr,
                                      values.data(), nullptr, nullptr, 0);
  const auto status = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail("postgres", res);
  return result(res);
}

result connection::exec_within(std::string_view sql, std::chrono::milliseconds limit) {
  const std::string text(sql);
  if (PQsendQuery(conn_, text.c_str()) == 0) fail("postgres", nullptr);
  const auto until = std::chrono::steady_clock::now() + limit;
  bool cancelled = false;
  while (PQisBusy(conn_) != 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        until - std::chrono::steady_clock::now());
    pollfd ready{PQsocket(conn_), POLLIN, 0};
    const int wait_ms = static_cast<int>(std::clamp<long long>(left.count(), 0, 60'000));
    const int waited = cancelled ? ::poll(&ready, 1, -1) : ::poll(&ready, 1, wait_ms);
    if (waited < 0 && errno != EINTR) fail("postgres", nullptr);
    if (waited == 0 && !cancelled && std::chrono::steady_clock::now() >= until) {
      char reason[256] = {};
      PGcancel* cancel = PQgetCancel(conn_);
      if (cancel != nullptr) {
        PQcancel(cancel, reason, sizeof reason);
        PQfreeCancel(cancel);
      }
      cancelled = true;
      continue;
    }
    if (PQconsumeInput(conn_) == 0) fail("postgres", nullptr);
  }
  // The statement's result, then the null that ends them.
  pg_result* res = PQgetResult(conn_);
  while (pg_result* more = PQgetResult(conn_)) PQclear(more);
  const auto status = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail("postgres", res);
  return result(res);
}

std::string connection::host() const {
  if (!conn_) return {};
  const char* host = PQhost(conn_);
  const char* port = PQport(conn_);
  return std::string(host ? host : "") + ":" + (port ? port : "");
}

bool connection::alive() const { return conn_ && PQstatus(conn_) == CONNECTION_OK; }

int connection::socket() const { return PQsocket(conn_); }

std::vector<std::string> connection::notifications() {
  std::vector<std::string> channels;
  if (PQconsumeInput(conn_) == 0) fail("postgres", nullptr);
  while (PGnotify* note = PQnotifies(conn_)) {
    channels.emplace_back(note->relname);
    PQfreemem(note);
  }
  return channels;
}

std::vector<std::string> connection::take_warnings() { return std::exchange(warnings_, {}); }

transaction::transaction(connection& conn) : conn_(conn) { conn_.exec("BEGIN"); }

transaction::~transaction() {
  if (!done_ && conn_.alive()) {
    try {
      conn_.exec("ROLLBACK");
    } catch (...) {
      // The server rolls back by itself when the connection goes.
    }
  }
}

void transaction::commit() {
  conn_.exec("COMMIT");
  done_ = true;
}

void transaction::commit_within(std::chrono::milliseconds limit) {
  done_ = true;  // whatever the answer: a COMMIT that fails ends the transaction too
  conn_.exec_within("COMMIT", limit);
}

}  // namespace landing::storage::postgres
