#pragma once

#include <mutex>
#include <string>

#include "storage/postgres/chat_turn.hpp"
#include "storage/postgres/database.hpp"
#include "storage/postgres/digests.hpp"
#include "storage/postgres/erasure.hpp"
#include "storage/postgres/funnel.hpp"
#include "storage/postgres/leads.hpp"
#include "storage/postgres/limits.hpp"
#include "storage/postgres/outbox.hpp"
#include "storage/postgres/proofs.hpp"
#include "storage/postgres/session.hpp"
#include "storage/postgres/settings.hpp"
#include "storage/postgres/transfer.hpp"
#include "storage/postgres/triage.hpp"
#include "storage/postgres/visits.hpp"
#include "storage/postgres/vitals.hpp"
#include "storage/store.hpp"

namespace landing::storage::postgres {

// Holds the database for the roles: a base listed before them, so it is made before they are and
// goes after they have.
struct database_owner {
  database_owner(std::string uri, options opts) : db(std::move(uri), opts) {}
  database db;
};

// The PostgreSQL engine, for several replicas on one database: every role of the store on one
// pool (database.hpp), and a session of the replica's own for new leads and leadership.
class store final : private database_owner,
                    public lead_store,
                    public lead_table,
                    public outbox_table,
                    public chat_turn_rows,
                    public triage_tables,
                    public settings_table,
                    public proof_table,
                    public vitals_tables,
                    public visits_table,
                    public funnel_table,
                    public digests_table,
                    public erasure_tables,
                    public rate_buckets,
                    public replica_session,
                    public transfer_tables {
 public:
  // Connects and migrates; throws storage::error (unavailable) when it cannot.
  explicit store(std::string uri, options opts = {});

  void stop() override { replica_session::stop(); }
  health check(bool with_figures) override;

 private:
  std::mutex standby_mutex_;
  std::string standby_;  // database_figures::standby, as the last look found it
};

}  // namespace landing::storage::postgres
