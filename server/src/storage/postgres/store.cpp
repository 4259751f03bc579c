#include "storage/postgres/store.hpp"

#include "common/clock.hpp"
#include "common/log.hpp"

namespace landing::storage::postgres {
namespace {

// Whether the primary waits for a standby before a commit returns. The settings tell whether it
// is asked to; pg_stat_replication's rows, whether a standby streams (their details need
// pg_monitor, the rows do not).
std::string standby_state(database& db) {
  return db.run(false, [](connection& conn) -> std::string {
    const auto row = conn.exec(
        "SELECT current_setting('synchronous_standby_names') <> '' AND "
        "current_setting('synchronous_commit') IN ('on', 'remote_write', 'remote_apply'), "
        "(SELECT count(*) FROM pg_stat_replication)");
    const bool synchronous = row.text(0, 0) == "t";
    const bool streaming = row.integer(0, 1) > 0;
    if (synchronous) return streaming ? "synchronous" : "stalled";
    return streaming ? "asynchronous" : "none";
  });
}

void say_what_a_disk_loss_costs(const std::string& state) {
  if (state == "synchronous") return;
  if (state == "stalled") {
    log::error("synchronous_standby_missing",
               {{"effect",
                 "synchronous_standby_names is set but no standby streams: every commit waits "
                 "for one, so leads get no answer until a standby connects or the setting is "
                 "cleared (docs/deploy.md, A standby)"}});
    return;
  }
  log::warn("no_synchronous_standby",
            {{"standby", state},
             {"effect",
              "a lead answered 202 is on the primary's disk alone until its WAL reaches a "
              "standby: losing that disk loses the leads since the last backup (docs/deploy.md, "
              "A standby)"}});
}

}  // namespace

store::store(std::string uri, options opts)
    : database_owner(std::move(uri), opts),
      lead_table(db),
      outbox_table(db),
      chat_turn_rows(db),
      triage_tables(db),
      settings_table(db),
      proof_table(db),
      vitals_tables(db),
      visits_table(db),
      funnel_table(db),
      digests_table(db),
      erasure_tables(db),
      rate_buckets(db),
      replica_session(db),
      transfer_tables(db) {
  try {
    standby_ = standby_state(db);
    // The commands come and go: a server's start is where the operator reads it.
    if (opts.session) say_what_a_disk_loss_costs(standby_);
  } catch (const storage::error&) {
    // Looked at again with the next figures.
  }
}

health store::check(bool with_figures) {
  health out;
  out.leader = leader();
  try {
    db.check_writes();
    if (with_figures) {
      out.channels = figures();
      auto state = standby_state(db);
      const std::lock_guard lock(standby_mutex_);
      if (state != standby_ && !standby_.empty()) {
        log::info("standby_changed", {{"standby", state}, {"was", standby_}});
        // Losing the synchronous standby (after a failover, until a new one follows) is said as
        // loudly as at start.
        say_what_a_disk_loss_costs(state);
      }
      standby_ = std::move(state);
    }
    if (out.leader) prune_buckets(clock::now_ms());
  } catch (const storage::error& e) {
    out.problem = e.problem;
    out.reason = e.what();
  }
  out.database = db.figures();
  const std::lock_guard lock(standby_mutex_);
  out.database->standby = standby_;
  return out;
}

}  // namespace landing::storage::postgres
