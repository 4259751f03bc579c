#pragma once

#include <cstdint>
#include <string>
#include <vector>

// Erasing a lead with everything hanging off it, and the record of each erasure: the
// destruction log that Roskomnadzor's order No. 179 expects. The record holds no personal data:
// the lead's id, when it was created and erased, why, what went, and what became of its copy in
// the chat.
namespace landing::storage {

struct erasure {
  std::string lead_id;
  std::int64_t created_at = 0;  // unix ms, the lead's
  std::int64_t erased_at = 0;
  std::string reason;    // retention, request
  std::string note;      // the operator's words for a request; empty for retention
  std::string removed;   // what went, e.g. "lead,consent,source,outbox,triage,history:3,message"
  std::string delivery;  // what its delivery was: delivered, cancelled (still in the outbox),
                         // failed, held, spam
  std::string chat;      // its copy in the chat: none, pending, deleted, edited, failed: <why>
  // Its copies in the CRMs, one "<channel>: <state>" each, joined by "; ": pending, deleted #N,
  // not there (it never arrived, or the studio removed it first), failed: <why>; empty when it
  // went to no CRM.
  std::string crm{};

  friend bool operator==(const erasure&, const erasure&) = default;
};

// A message in the chat whose lead was erased: deleted within Telegram's 48 hours, edited to a
// line without personal data after.
struct chat_copy {
  std::string lead_id;
  std::int64_t chat_id = 0;
  std::int64_t message_id = 0;
  std::int64_t sent_at = 0;   // unix ms
  std::string reason;         // retention, request
  std::int64_t attempts = 0;  // cleanups Telegram did not take so far
};

// A lead's copy in a CRM (a channel that can delete what it delivered, delivery/erasable.hpp),
// still to delete.
struct crm_copy {
  std::string lead_id;
  std::string channel;
  std::string reason;         // retention, request
  std::int64_t attempts = 0;  // deletions the CRM did not take so far
};

class erasure_role {
 public:
  erasure_role() = default;
  erasure_role(const erasure_role&) = delete;
  erasure_role& operator=(const erasure_role&) = delete;
  virtual ~erasure_role() = default;

  // Leads created before `created_before_ms`, oldest first, at most `limit`.
  virtual std::vector<std::string> expired(std::int64_t created_before_ms, int limit) = 0;
  // The leads whose e-mail is `email`, compared by fold::email_key: any case, any form of an
  // internationalised domain.
  virtual std::vector<std::string> leads_of(const std::string& email) = 0;
  // Deletes each lead with its outbox row, triage, history, message reference, source and
  // consent record in one transaction, queues its chat copy and writes its erasure record.
  // Ids no longer there are skipped. The records written, in the order of `ids`. The same
  // transaction notes that the database's files still hold the deleted bytes, until
  // scrub_erased().
  virtual std::vector<erasure> erase(const std::vector<std::string>& ids, const std::string& reason,
                                     const std::string& note, std::int64_t at_ms) = 0;
  // Once it returns true or false, no byte of an erased lead is left in the database's live
  // files: SQLite empties its write-ahead log into a file whose freed space is zeroed;
  // PostgreSQL rewrites the leads table, as a plain VACUUM leaves dead rows' bytes in the free
  // space of their pages. True when there was something to do (an erasure since the last
  // scrub, noted in the store, so a scrub a crash or a busy database prevented is done by the
  // next caller). Throws storage::error when it cannot finish; the note stays for next time.
  virtual bool scrub_erased() = 0;
  // The records of erasures at or after `since_ms`, oldest first.
  virtual std::vector<erasure> erasures(std::int64_t since_ms) = 0;
  // Chat copies still to clean whose next try is due at `now_ms`, oldest first.
  virtual std::vector<chat_copy> chat_copies(std::int64_t now_ms, int limit) = 0;
  // The copy is cleaned, or given up on: its queue entry goes and its erasure record says how
  // (deleted, edited, failed: <why>).
  virtual void chat_copy_done(const std::string& lead_id, const std::string& outcome) = 0;
  // Telegram did not take it this time: one more attempt counted, the next at `next_at_ms`.
  virtual void chat_copy_later(const std::string& lead_id, std::int64_t next_at_ms) = 0;
  // For migrate-db: a record and a chat copy as they were in another database; false when one
  // for that lead is there already.
  virtual bool import_erasure(const erasure& record) = 0;
  virtual bool import_chat_copy(const chat_copy& copy) = 0;

  // CRM copies due at `now_ms`, oldest erasure first.
  virtual std::vector<crm_copy> crm_copies(std::int64_t now_ms, int limit) = 0;
  // Deleted, or given up on: its queue entry goes and its erasure record's state for that
  // channel becomes `outcome`.
  virtual void crm_copy_done(const std::string& lead_id, const std::string& channel,
                             const std::string& outcome) = 0;
  virtual void crm_copy_later(const std::string& lead_id, const std::string& channel,
                              std::int64_t next_at_ms) = 0;
  virtual bool import_crm_copy(const crm_copy& copy) = 0;
};

}  // namespace landing::storage
