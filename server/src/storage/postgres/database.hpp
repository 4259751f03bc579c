#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "storage/fault.hpp"
#include "storage/last_write.hpp"
#include "storage/postgres/connection.hpp"
#include "storage/ulid.hpp"

namespace landing::storage::postgres {

struct options {
  std::chrono::milliseconds connect_timeout{2000};
  // How often a replica that does not lead tries to; a dead leader's lock goes with its
  // connection, so another replica leads within this (plus the keepalive timeout).
  std::chrono::milliseconds leader_retry{2000};
  // A server replica listens for new leads and stands for leader; the operators' commands,
  // which come and go, do neither.
  bool session = true;
};

// Where a committed lead is announced (NOTIFY), so every replica's outbox looks at once.
inline constexpr const char* new_leads_channel = "landing_leads";

// "postgresql://…" or "postgres://…".
bool is_uri(std::string_view db);

fault fault_of(const error& e);

// The database every role of the PostgreSQL engine works on: a small pool of connections for the
// server's threads. A lost connection is replaced at the next operation, with backoff, and every
// operation meanwhile fails fast with fault::unavailable, so a database that is down is not
// hammered by every thread.
class database {
 public:
  // Connects and migrates; throws storage::error (unavailable) when it cannot.
  database(std::string uri, options opts);
  database(const database&) = delete;
  database& operator=(const database&) = delete;

  // Runs `work(connection&)` on a pooled connection; PostgreSQL's failures become
  // storage::error, and a write's outcome is noted for check_writes().
  template <class Work>
  auto run(bool writes, Work&& work);

  // A new lead id for the time given (ULID); one engine's ids sort in the order made.
  std::string make_id(std::int64_t unix_ms);
  // After a failed write nothing else proves the database takes writes again, so this tries
  // one; throws storage::error while it cannot.
  void check_writes();

  [[nodiscard]] const std::string& uri() const { return uri_; }
  [[nodiscard]] const options& settings() const { return options_; }

  // The host the pool reaches now, its reconnects and how long no primary answered.
  [[nodiscard]] database_figures figures() const;

 private:
  std::unique_ptr<connection> open_connection();
  void release(std::unique_ptr<connection> conn);
  // A connection was lost (or its host turned out a standby): the gap starts now, unless it
  // has already.
  void lost(const std::string& why);

  std::string uri_;
  options options_;
  std::mutex pool_mutex_;
  std::vector<std::unique_ptr<connection>> idle_;
  // After a failed connect no other is tried before retry_at_; operations fail at once meanwhile.
  mutable std::mutex outage_mutex_;
  std::int64_t retry_at_ = 0;
  int connect_failures_ = 0;
  std::string outage_;
  // Under outage_mutex_: the reconnects and the gaps between a loss and the next connection.
  database_figures figures_;
  last_write last_write_;
  std::mutex ids_mutex_;
  ulid_generator ids_;
};

template <class Work>
auto database::run(bool writes, Work&& work) {
  std::unique_ptr<connection> conn;
  try {
    conn = open_connection();
  } catch (const error& e) {
    throw storage::error(fault::unavailable, e.what());
  }
  try {
    auto out = work(*conn);
    release(std::move(conn));
    if (writes) last_write_.succeeded();
    return out;
  } catch (const error& e) {
    // 25006: this host takes no writes (a primary demoted to a standby): every pooled connection
    // goes there, so all go, and the next one finds the primary (target_session_attrs).
    if (e.connection_lost || !conn->alive() || e.sqlstate == "25006") {
      // The other pooled connections went with the server, most likely: start afresh.
      conn.reset();
      {
        const std::lock_guard lock(pool_mutex_);
        idle_.clear();
      }
      lost(e.what());
    } else {
      release(std::move(conn));
    }
    const auto problem = fault_of(e);
    if (writes) last_write_.failed(e.what(), problem);
    throw storage::error(problem, e.what());
  }
}

}  // namespace landing::storage::postgres
