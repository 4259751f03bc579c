#pragma once

#include "storage/sqlite/database.hpp"
#include "storage/transfer.hpp"

namespace landing::storage::sqlite {

// Every lead with its outbox row and its desk, out of SQLite and into it (migrate-db).
class transfer_tables : public virtual transfer_role {
 public:
  explicit transfer_tables(database& db) : db_(db) {}

  std::vector<stored_lead> export_all() override;
  bool import(const stored_lead& item) override;

 private:
  database& db_;
};

}  // namespace landing::storage::sqlite
