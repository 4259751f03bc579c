#include "storage/postgres/commit_outcome.hpp"

#include <thread>

#include "common/log.hpp"
#include "storage/postgres/arrays.hpp"

namespace landing::storage::postgres {
namespace {

using steady = std::chrono::steady_clock;

enum class outcome { stored, lost, pending };

// One look, on a connection to whichever host is the primary now. The ids decide: a primary
// promoted after a failover never saw the old transaction, and may since have given its xid to
// another one, so its status alone could name someone else's transaction.
outcome look(connection& conn, const std::vector<std::string>& ids, const std::string& xid) {
  const auto found =
      conn.exec("SELECT count(*) FROM leads WHERE id = ANY($1::text[])", {text_array(ids)})
          .integer(0, 0);
  // One transaction: all of them or none.
  if (found == static_cast<std::int64_t>(ids.size())) return outcome::stored;
  if (xid.empty()) return outcome::lost;
  try {
    const auto status = conn.exec("SELECT txid_status($1::bigint)", {xid});
    // Still running: a commit waiting on the synchronous standby, whose rows no one sees until
    // the wait ends. It may yet commit.
    if (!status.is_null(0, 0) && status.text(0, 0) == "in progress") return outcome::pending;
  } catch (const error& e) {
    // 22023: an xid "in the future" of this host, which never saw it (a promoted standby).
    if (e.connection_lost) throw;
  }
  return outcome::lost;
}

// A commit of its own: with synchronous replication the primary answers it once the standby has
// flushed the WAL up to it. It writes a row (a transaction that wrote no WAL does not wait for
// the standby, even with an xid). A COMMIT still waiting after `patience` is cancelled, which
// ends the wait with a WARNING, never silently.
bool replicated_now(connection& conn, std::chrono::milliseconds patience) {
  conn.take_warnings();
  transaction txn(conn);
  conn.exec(
      "INSERT INTO settings (key, value) VALUES ('replication_checked_at', now()::text) ON "
      "CONFLICT (key) DO UPDATE SET value = excluded.value");
  txn.commit_within(patience);
  return conn.take_warnings().empty();
}

std::chrono::milliseconds left(steady::time_point until) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(until - steady::now());
}

}  // namespace

void confirm_replicated(database& db, const std::vector<std::string>& ids) {
  const auto until = steady::now() + commit_check_patience;
  bool confirmed = false;
  try {
    confirmed = db.run(true, [&](connection& conn) { return replicated_now(conn, left(until)); });
  } catch (const storage::error& e) {
    log::warn("lead_commit_unreplicated",
              {{"leads", ids.size()}, {"first", ids.front()}, {"reason", e.what()}});
    throw storage::error(fault::unavailable,
                         "the leads were committed on the primary, and it could not be "
                         "confirmed that the synchronous standby has them: " +
                             std::string(e.what()));
  }
  if (confirmed) return;
  log::warn("lead_commit_unreplicated",
            {{"leads", ids.size()},
             {"first", ids.front()},
             {"effect",
              "answered as not stored: the primary has them (the outbox delivers them), but the "
              "synchronous standby did not confirm them, so a failover now could lose them"}});
  throw storage::error(fault::unavailable,
                       "the leads were committed on the primary, but the synchronous standby did "
                       "not confirm them within " +
                           std::to_string(commit_check_patience.count()) + " s");
}

void confirm_commit(database& db, const std::vector<std::string>& ids, const std::string& xid,
                    const std::string& why) {
  log::warn("lead_commit_unknown",
            {{"leads", ids.size()},
             {"first", ids.front()},
             {"reason", why},
             {"effect", "asking the primary whether they were stored before answering"}});
  const auto until = steady::now() + commit_check_patience;
  for (;;) {
    outcome found = outcome::pending;
    try {
      found = db.run(false, [&](connection& conn) { return look(conn, ids, xid); });
    } catch (const storage::error& e) {
      if (steady::now() >= until) {
        log::error("lead_commit_still_unknown", {{"leads", ids.size()}, {"first", ids.front()}});
        throw storage::error(fault::unavailable,
                             "the database went away while leads were committed, and no "
                             "primary has answered since: " +
                                 std::string(e.what()));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      continue;
    }
    if (found == outcome::pending) {
      if (steady::now() >= until) {
        log::error("lead_commit_still_unknown",
                   {{"leads", ids.size()},
                    {"first", ids.front()},
                    {"effect",
                     "their transaction is still waiting to commit (for the "
                     "synchronous standby): answered as not stored"}});
        throw storage::error(fault::unavailable,
                             "the leads' transaction was still waiting to commit after " +
                                 std::to_string(commit_check_patience.count()) + " s");
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      continue;
    }
    if (found == outcome::lost) {
      log::warn("lead_commit_lost", {{"leads", ids.size()}, {"first", ids.front()}});
      throw storage::error(fault::unavailable,
                           "the database went away while leads were committed, and they were "
                           "not stored");
    }
    confirm_replicated(db, ids);
    log::info("lead_commit_confirmed", {{"leads", ids.size()}, {"first", ids.front()}});
    return;
  }
}

}  // namespace landing::storage::postgres
