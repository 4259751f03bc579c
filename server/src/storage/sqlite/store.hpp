#pragma once

#include <string>

#include "storage/sqlite/chat_turn.hpp"
#include "storage/sqlite/database.hpp"
#include "storage/sqlite/digests.hpp"
#include "storage/sqlite/erasure.hpp"
#include "storage/sqlite/funnel.hpp"
#include "storage/sqlite/leads.hpp"
#include "storage/sqlite/outbox.hpp"
#include "storage/sqlite/proofs.hpp"
#include "storage/sqlite/settings.hpp"
#include "storage/sqlite/single_process.hpp"
#include "storage/sqlite/transfer.hpp"
#include "storage/sqlite/triage.hpp"
#include "storage/sqlite/visits.hpp"
#include "storage/sqlite/vitals.hpp"
#include "storage/store.hpp"

namespace landing::storage::sqlite {

// Holds the database for the roles: a base listed before them, so it is made before they are and
// goes after they have.
struct database_owner {
  database_owner(std::string path, options opts) : db(std::move(path), opts) {}
  database db;
};

// The SQLite engine: every role of the store on one database file (database.hpp).
class store final : private database_owner,
                    public lead_store,
                    public lead_table,
                    public outbox_table,
                    public chat_turn_memory,
                    public triage_tables,
                    public settings_table,
                    public proof_table,
                    public vitals_tables,
                    public visits_table,
                    public funnel_table,
                    public digests_table,
                    public erasure_tables,
                    public single_process,
                    public transfer_tables {
 public:
  // Opens and migrates; throws storage::error (unavailable) when it cannot.
  explicit store(std::string path, options opts = {});

  void stop() override {}
  health check(bool with_figures) override;
};

}  // namespace landing::storage::sqlite
