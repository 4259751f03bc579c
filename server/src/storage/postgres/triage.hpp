#pragma once

#include "storage/postgres/database.hpp"
#include "storage/triage.hpp"

namespace landing::storage::postgres {

// The desk's tables in PostgreSQL (migration 4): each lead's triage, its history, its message and
// reminder.
class triage_tables : public virtual triage_role {
 public:
  explicit triage_tables(database& db) : db_(db) {}

  triage_change change_triage(const std::string& id, const std::string& from,
                              const next_state& next, const lead_event& event) override;
  std::optional<triage_state> triage_of(const std::string& id) override;
  std::vector<lead_event> events_of(const std::string& id) override;
  std::vector<std::pair<std::string, triage_state>> triage_states() override;
  std::vector<triage_count> triage_counts() override;
  std::vector<reminder_due> due_reminders(std::int64_t delivered_before_ms, int limit) override;
  bool claim_reminder(const std::string& id, std::int64_t at_ms) override;
  chat_place chat_place_of(const std::string& id) override;

 private:
  database& db_;
};

}  // namespace landing::storage::postgres
