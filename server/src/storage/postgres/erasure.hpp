#pragma once

#include "storage/erasure.hpp"
#include "storage/postgres/database.hpp"

namespace landing::storage::postgres {

// Erasure and its records in PostgreSQL.
class erasure_tables : public virtual erasure_role {
 public:
  explicit erasure_tables(database& db) : db_(db) {}

  std::vector<std::string> expired(std::int64_t created_before_ms, int limit) override;
  std::vector<std::string> leads_of(const std::string& email) override;
  std::vector<erasure> erase(const std::vector<std::string>& ids, const std::string& reason,
                             const std::string& note, std::int64_t at_ms) override;
  bool scrub_erased() override;
  std::vector<erasure> erasures(std::int64_t since_ms) override;
  std::vector<chat_copy> chat_copies(std::int64_t now_ms, int limit) override;
  void chat_copy_done(const std::string& lead_id, const std::string& outcome) override;
  void chat_copy_later(const std::string& lead_id, std::int64_t next_at_ms) override;
  bool import_erasure(const erasure& record) override;
  bool import_chat_copy(const chat_copy& copy) override;
  std::vector<crm_copy> crm_copies(std::int64_t now_ms, int limit) override;
  void crm_copy_done(const std::string& lead_id, const std::string& channel,
                     const std::string& outcome) override;
  void crm_copy_later(const std::string& lead_id, const std::string& channel,
                      std::int64_t next_at_ms) override;
  bool import_crm_copy(const crm_copy& copy) override;

 private:
  database& db_;
};

// Queues the lead's copies in the CRMs it went to, or may have (any outbox row of a CRM), for
// deletion; the erasure record's `crm` for them.
std::string queue_crm_copies(connection& conn, const std::string& id, const std::string& reason,
                             std::int64_t at_ms);

// A message sent for a lead erased while it was in flight: queued for the chat's cleanup like the
// copies of the leads erased before.
void queue_orphan_message(connection& conn, const std::string& id, std::int64_t chat_id,
                          std::int64_t message_id, std::int64_t sent_at);

}  // namespace landing::storage::postgres
