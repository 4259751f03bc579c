#pragma once

#include "storage/chat_turn.hpp"
#include "storage/digests.hpp"
#include "storage/erasure.hpp"
#include "storage/fault.hpp"
#include "storage/funnel.hpp"
#include "storage/leadership.hpp"
#include "storage/leads.hpp"
#include "storage/limits.hpp"
#include "storage/outbox.hpp"
#include "storage/proofs.hpp"
#include "storage/settings.hpp"
#include "storage/transfer.hpp"
#include "storage/triage.hpp"
#include "storage/visits.hpp"
#include "storage/vitals.hpp"

namespace landing::storage {

// All storage, whatever the engine: the sum of its roles, each an interface of its own that a
// part may take alone (the outbox needs outbox_role and chat_turn_role, not vitals). Each engine
// implements each role in a file pair of its own (storage/sqlite/, storage/postgres/) and puts
// them together in its store; the roles are virtual bases, so a role an engine implements once
// is the one every path to it finds. A new role is one interface here and one file pair per
// engine.
class lead_store : public virtual leads_role,
                   public virtual outbox_role,
                   public virtual chat_turn_role,
                   public virtual triage_role,
                   public virtual settings_role,
                   public virtual vitals_role,
                   public virtual visits_role,
                   public virtual funnel_role,
                   public virtual digests_role,
                   public virtual erasure_role,
                   public virtual limits_role,
                   public virtual proofs_role,
                   public virtual leadership_role,
                   public virtual transfer_role {
 public:
  // Ends background work (listeners, leadership) before the store goes.
  virtual void stop() = 0;
  // Whether a lead can be stored now, and with `with_figures` the outbox figures, which count
  // every delivery row (app::figures_pacing decides how often). Blocking (it may touch the disk
  // and, after a fault, try a write), so it runs on a thread of its own, never an I/O thread.
  virtual health check(bool with_figures) = 0;
};

}  // namespace landing::storage
