#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
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

  // One transaction for the whole batch: each lead and its outbox row for each of `channels`
  // commit together, so an id returned means durable and no channel can miss it. With no channel
  // configured the leads are held, to wait for a restart with one. Spam enters no outbox.
  // Refused (storage::error) while check() would report a fault.
  virtual std::vector<std::string> insert_batch(const std::vector<new_lead>& leads,
                                                const std::vector<std::string>& channels) = 0;
  // Leads held while no channel was configured enter the outbox of each of `channels`.
  virtual std::int64_t release_held(const std::vector<std::string>& channels) = 0;
  virtual std::optional<lead> find(const std::string& id) = 0;
  // Every lead in `status` (any for ""), oldest first.
  virtual std::vector<lead> list(const std::string& status) = 0;
  // The (message key, client) pairs of the leads created since `since_ms` whose message key is
  // one of `keys` (spam/repeats.hpp), each pair once.
  virtual std::vector<std::pair<std::string, std::string>> senders_of(
      const std::vector<std::string>& keys, std::int64_t since_ms) = 0;
};

}  // namespace landing::storage
