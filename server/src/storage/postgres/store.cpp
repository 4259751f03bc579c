#include "storage/postgres/store.hpp"

#include "common/clock.hpp"

namespace landing::storage::postgres {

store::store(std::string uri, options opts)
    : database_owner(std::move(uri), opts),
      lead_table(db),
      outbox_table(db),
      chat_turn_rows(db),
      triage_tables(db),
      settings_table(db),
      vitals_tables(db),
      visits_table(db),
      erasure_tables(db),
      rate_buckets(db),
      replica_session(db),
      transfer_tables(db) {}

health store::check(bool with_figures) {
  health out;
  out.leader = leader();
  try {
    db.check_writes();
    if (with_figures) out.channels = figures();
    if (out.leader) prune_buckets(clock::now_ms());
  } catch (const storage::error& e) {
    out.problem = e.problem;
    out.reason = e.what();
  }
  return out;
}

}  // namespace landing::storage::postgres
