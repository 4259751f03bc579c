#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/lead.hpp"

namespace landing::storage {

// The leads themselves. Every role's methods may be called from any thread; each runs in a
// transaction of its own and throws storage::error when it cannot.
class leads_role {
 public:
  leads_role() = default;
  leads_role(const leads_role&) = delete;
  leads_role& operator=(const leads_role&) = delete;
  virtual ~leads_role() = default;

  // One transaction for the whole batch: each lead and its outbox row commit together, so an id
  // returned means durable. held: Telegram is not configured, so the leads wait for a restart
  // with it. Refused (storage::error) while check() would report a fault.
  virtual std::vector<std::string> insert_batch(const std::vector<new_lead>& leads, bool held) = 0;
  // Leads held while Telegram was not configured become pending once it is.
  virtual std::int64_t release_held() = 0;
  virtual std::optional<lead> find(const std::string& id) = 0;
  // Every lead in `status` (any for ""), oldest first.
  virtual std::vector<lead> list(const std::string& status) = 0;
};

}  // namespace landing::storage
