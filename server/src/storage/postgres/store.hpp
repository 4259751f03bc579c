#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "common/worker.hpp"
#include "storage/postgres/connection.hpp"
#include "storage/store.hpp"

namespace landing::storage::postgres {

struct options {
  std::chrono::milliseconds connect_timeout{2000};
  // How often a replica that does not lead tries to; a dead leader's lock goes with its
  // connection, so another replica leads within this (plus the keepalive timeout).
  std::chrono::milliseconds leader_retry{2000};
  // A server replica listens for new leads and stands for leader; the operators' commands,
  // which come and go, do neither.
  bool session = true;
};

// The PostgreSQL engine, for several replicas on one database. A small pool of connections
// serves the server's threads; a background session of its own listens for new leads (NOTIFY)
// and holds the leader's advisory lock. A lost connection is replaced at the next operation,
// with backoff, and every operation meanwhile fails fast with fault::unavailable.
class store final : public lead_store {
 public:
  // Connects and migrates; throws storage::error (unavailable) when it cannot.
  explicit store(std::string uri, options opts = {});
  ~store() override;

  std::vector<std::string> insert_batch(const std::vector<new_lead>& leads, bool held) override;
  std::int64_t release_held() override;
  std::optional<std::int64_t> next_due_at(const std::string& owner, std::int64_t now_ms) override;
  std::optional<lead> claim_next(const std::string& owner, std::int64_t now_ms,
                                 std::int64_t lease_ms,
                                 const std::vector<std::string>& skip) override;
  void mark_delivered(const std::string& id, std::int64_t at_ms,
                      const sent_message& where) override;
  void reschedule(const std::string& id, std::int64_t next_attempt_ms,
                  const std::string& error) override;
  void mark_failed(const std::string& id, const std::string& reason) override;
  bool retry(const std::string& id) override;
  turn take_turn(const std::string& owner, std::int64_t now_ms, std::int64_t hold_ms) override;
  void end_turn(const std::string& owner, std::int64_t next_send_ms) override;
  std::optional<lead> find(const std::string& id) override;
  std::vector<lead> list(const std::string& status) override;
  std::vector<stored_lead> export_all() override;
  bool import(const stored_lead& item) override;
  [[nodiscard]] bool shared() const override { return true; }
  std::vector<std::int64_t> take_tokens(const std::vector<std::string>& clients,
                                        std::int64_t now_ms, double burst,
                                        double per_second) override;
  triage_change change_triage(const std::string& id, const std::string& from, const std::string& to,
                              const std::string& action, const actor& who, std::int64_t at_ms,
                              const std::string& click_id) override;
  std::optional<triage_state> triage_of(const std::string& id) override;
  std::vector<lead_event> events_of(const std::string& id) override;
  std::vector<std::pair<std::string, triage_state>> triage_states() override;
  std::vector<triage_count> triage_counts() override;
  std::vector<reminder_due> due_reminders(std::int64_t delivered_before_ms, int limit) override;
  bool claim_reminder(const std::string& id, std::int64_t at_ms) override;
  std::optional<std::string> setting(const std::string& key) override;
  void set_setting(const std::string& key, const std::string& value) override;
  std::vector<std::pair<std::string, std::string>> settings() override;
  void add_vitals(const std::vector<vitals_aggregate>& batch) override;
  std::vector<vitals_aggregate> read_vitals(const vitals_query& query) override;
  std::int64_t prune_vitals(std::int64_t before_day) override;
  [[nodiscard]] bool leader() override { return leader_.load(); }
  void on_new_leads(std::function<void()> wake) override;
  void stop() override;
  health check() override;

 private:
  template <class Work>
  auto run(bool writes, Work&& work);
  std::unique_ptr<connection> open_connection();
  void release(std::unique_ptr<connection> conn);
  void note_write(const std::string& failure, fault problem = fault::none);
  void background(worker::context& ctx);
  void prune_buckets(std::int64_t now_ms);

  std::string uri_;
  options options_;
  std::mutex pool_mutex_;
  std::vector<std::unique_ptr<connection>> idle_;
  // After a failed connect no other is tried before retry_at_, so a database that is down is
  // not hammered by every thread; operations fail at once meanwhile.
  std::mutex outage_mutex_;
  std::int64_t retry_at_ = 0;
  int connect_failures_ = 0;
  std::string outage_;
  std::mutex failure_mutex_;
  std::string last_write_failure_;
  fault last_write_fault_ = fault::none;
  std::mutex random_mutex_;
  std::mt19937_64 random_;
  // What take_tokens was last asked with, to prune full buckets.
  std::atomic<double> bucket_refill_ms_{0};
  std::int64_t pruned_at_ = 0;
  std::mutex wake_mutex_;
  std::function<void()> wake_;
  std::atomic<bool> leader_{false};
  worker background_thread_;  // last: stopped before the members it reads go
};

// "postgresql://…" or "postgres://…".
bool is_uri(std::string_view db);

}  // namespace landing::storage::postgres
