#pragma once

#include <vector>

#include "storage/lead.hpp"
#include "storage/triage.hpp"

namespace landing::storage {

// Everything about leads, for copying a database to another engine (migrate-db).
class transfer_role {
 public:
  transfer_role() = default;
  transfer_role(const transfer_role&) = delete;
  transfer_role& operator=(const transfer_role&) = delete;
  virtual ~transfer_role() = default;

  struct stored_lead {
    lead record;       // with its rows in the outbox, one per channel
    lead_desk desk{};  // its triage, history and message in the chat
  };
  virtual std::vector<stored_lead> export_all() = 0;
  // Adds a lead as it was in another database; false when one with its id is there already.
  virtual bool import(const stored_lead& item) = 0;
};

}  // namespace landing::storage
