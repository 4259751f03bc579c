#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>

#include "common/worker.hpp"
#include "storage/leadership.hpp"
#include "storage/postgres/database.hpp"

namespace landing::storage::postgres {

// A server replica's own session beside the pool: it listens for new leads (NOTIFY) and holds
// the leader's advisory lock, which the server drops with the session when this process dies.
// The operators' commands (options.session false) run none.
class replica_session : public virtual leadership_role {
 public:
  explicit replica_session(database& db);
  replica_session(const replica_session&) = delete;
  replica_session& operator=(const replica_session&) = delete;
  ~replica_session() override;

  [[nodiscard]] bool shared() const override { return true; }
  [[nodiscard]] bool leader() override { return leader_.load(); }
  void on_new_leads(std::function<void()> wake) override;
  void stop();

 private:
  // A session listening for new leads, or null when the database cannot be reached now.
  [[nodiscard]] std::unique_ptr<connection> connect() const;
  // Takes the leader's lock if no other replica holds it; else says when to try again.
  void try_to_lead(connection& session);
  void background(worker::context& ctx, std::unique_ptr<connection> session);

  database& db_;
  std::mutex wake_mutex_;
  std::function<void()> wake_;
  std::atomic<bool> leader_{false};
  // The constructor's, then the thread's alone.
  std::unique_ptr<connection> first_session_;
  // Real time, not common/clock's settable one: a test that sets the clock back or holds it still
  // must not hold the retries off.
  std::chrono::steady_clock::time_point next_try_{};
  // Readable once stop() is called: the thread's wait on the session's socket ends at once,
  // rather than at its next half second (which every store's close, and so every PostgreSQL
  // test and every replica's shutdown, waited for).
  int stop_fd_ = -1;
  worker background_thread_;  // last: stopped before the members it reads go
};

}  // namespace landing::storage::postgres
