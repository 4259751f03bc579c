#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "leads/db.hpp"
#include "leads/validation.hpp"

namespace landing::leads {

// What the contact endpoint hands to the writer.
struct new_lead {
  contact_fields fields;  // normalized
  std::string locale;
  std::string client;
  bool spam = false;
};

struct lead {
  std::string id;
  std::int64_t created_at = 0;  // unix ms
  contact_fields fields;
  std::string locale;
  std::string client;
  std::string status;
  std::int64_t attempts = 0;
  std::string last_error;
  std::int64_t delivered_at = 0;
  std::int64_t next_attempt_at = 0;  // only for leads in the outbox
};

struct outbox_stats {
  std::int64_t depth = 0;
  std::int64_t oldest_created_at = 0;  // 0 when empty
  std::int64_t last_delivered_at = 0;  // 0 when none yet
};

// All SQL about leads lives here. One instance per connection and thread.
class lead_store {
 public:
  explicit lead_store(const std::string& path);

  // One transaction for the whole batch: each lead and its outbox row commit together. held:
  // Telegram is not configured, so the leads wait for a restart with it.
  std::vector<std::string> insert_batch(const std::vector<new_lead>& leads, bool held);

  // Leads held while Telegram was not configured become pending once it is.
  std::int64_t release_held();
  std::optional<lead> next_pending();
  void mark_delivered(const std::string& id, std::int64_t at_ms);
  void reschedule(const std::string& id, std::int64_t next_attempt_ms, const std::string& error);
  void mark_failed(const std::string& id, const std::string& reason);
  // Puts a failed or held lead back in the outbox; false when there is no such lead.
  bool retry(const std::string& id);

  std::optional<lead> find(const std::string& id);
  std::vector<lead> list(const std::string& status);
  outbox_stats stats();
  void check_writable();

 private:
  db::connection conn_;
  std::mt19937_64 random_;
};

}  // namespace landing::leads
