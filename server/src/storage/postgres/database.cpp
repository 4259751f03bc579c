#include "storage/postgres/database.hpp"

#include <algorithm>

#include "common/clock.hpp"
#include "common/log.hpp"
#include "storage/postgres/migrations.hpp"
#include "storage/ulid.hpp"

namespace landing::storage::postgres {
bool is_uri(std::string_view db) {
  return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

fault fault_of(const error& e) {
  if (e.connection_lost || e.sqlstate.starts_with("08")) return fault::unavailable;
  if (e.sqlstate.starts_with("53")) return fault::disk_full;  // insufficient resources
  if (e.sqlstate == "25006") return fault::read_only;         // a standby
  return fault::write_failed;
}

database::database(std::string uri, options opts) : uri_(std::move(uri)), options_(opts) {
  try {
    auto conn = open_connection();
    migrate(*conn);
    release(std::move(conn));
  } catch (const error& e) {
    throw storage::error(fault::unavailable, e.what());
  }
}

std::string database::make_id(std::int64_t unix_ms) {
  const std::lock_guard lock(ids_mutex_);
  return ids_.next(static_cast<std::uint64_t>(unix_ms));
}

void database::check_writes() {
  if (!last_write_.failing()) return;
  run(true, [](connection& conn) {
    conn.exec(
        "INSERT INTO health_probe (id, checked_at) VALUES (1, $1::bigint) ON CONFLICT (id) DO "
        "UPDATE SET checked_at = excluded.checked_at",
        {std::to_string(clock::now_ms())});
    return true;
  });
}

std::unique_ptr<connection> database::open_connection() {
  {
    const std::lock_guard lock(pool_mutex_);
    if (!idle_.empty()) {
      auto conn = std::move(idle_.back());
      idle_.pop_back();
      return conn;
    }
  }
  {
    const std::lock_guard lock(outage_mutex_);
    if (const auto wait = retry_at_ - clock::now_ms(); wait > 0) {
      throw error("PostgreSQL is unreachable (" + outage_ + "); next attempt in " +
                      std::to_string(wait) + " ms",
                  "", true);
    }
  }
  try {
    auto conn = std::make_unique<connection>(uri_, options_.connect_timeout);
    const std::lock_guard lock(outage_mutex_);
    const auto host = conn->host();
    if (figures_.unreachable_since != 0) {
      // Back after a loss: how long no primary answered, and which host did now.
      const auto gap = std::max<std::int64_t>(0, clock::now_ms() - figures_.unreachable_since);
      figures_.unreachable_ms += gap;
      ++figures_.reconnects;
      figures_.unreachable_since = 0;
      log::info("database_reconnected",
                {{"host", host}, {"after_failures", connect_failures_}, {"unreachable_ms", gap}});
    } else if (!figures_.host.empty() && host != figures_.host) {
      log::info("database_host_changed", {{"host", host}, {"was", figures_.host}});
    }
    figures_.host = host;
    connect_failures_ = 0;
    retry_at_ = 0;
    outage_.clear();
    return conn;
  } catch (const error& e) {
    const std::lock_guard lock(outage_mutex_);
    if (figures_.unreachable_since == 0) figures_.unreachable_since = clock::now_ms();
    ++connect_failures_;
    // 100 ms, doubling, at most 5 s between attempts.
    const auto backoff = std::min<std::int64_t>(5000, 100LL << std::min(connect_failures_, 6));
    retry_at_ = clock::now_ms() + backoff;
    outage_ = e.what();
    throw;
  }
}

void database::lost(const std::string& why) {
  const std::lock_guard lock(outage_mutex_);
  if (figures_.unreachable_since != 0) return;
  figures_.unreachable_since = clock::now_ms();
  log::warn("database_connection_lost",
            {{"host", figures_.host}, {"reason", why}, {"effect", "reconnecting to the primary"}});
}

database_figures database::figures() const {
  const std::lock_guard lock(outage_mutex_);
  return figures_;
}

void database::release(std::unique_ptr<connection> conn) {
  if (!conn || !conn->alive()) return;
  const std::lock_guard lock(pool_mutex_);
  idle_.push_back(std::move(conn));
}

}  // namespace landing::storage::postgres
