#include "storage/sqlite/store.hpp"

namespace landing::storage::sqlite {

store::store(std::string path, options opts)
    : database_owner(std::move(path), opts),
      lead_table(db),
      outbox_table(db),
      triage_tables(db),
      settings_table(db),
      proof_table(db),
      vitals_tables(db),
      visits_table(db),
      funnel_table(db),
      digests_table(db),
      erasure_tables(db),
      transfer_tables(db) {}

health store::check(bool with_figures) {
  return db.check(with_figures ? &outbox_table::read_figures : &outbox_table::read_probe);
}

}  // namespace landing::storage::sqlite
