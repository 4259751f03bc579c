#pragma once

#include <functional>

namespace landing::storage {

// Several processes share this store (PostgreSQL), or one owns it (SQLite).
class leadership_role {
 public:
  leadership_role() = default;
  leadership_role(const leadership_role&) = delete;
  leadership_role& operator=(const leadership_role&) = delete;
  virtual ~leadership_role() = default;

  [[nodiscard]] virtual bool shared() const = 0;
  // Whether this process leads: only the leader runs what one process may do at a time. A store
  // that only one process uses always leads.
  [[nodiscard]] virtual bool leader() = 0;
  // Calls `wake` (from any thread) when another process commits a lead, so its outbox need not
  // wait for its poll. Stores that only one process uses never call it.
  virtual void on_new_leads(std::function<void()> wake) = 0;
};

}  // namespace landing::storage
