#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <random>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "storage/sqlite/connection.hpp"
#include "storage/sqlite/file_guard.hpp"
#include "storage/store.hpp"

namespace landing::storage::sqlite {

struct options {
  // Free space kept for recording deliveries; below it new leads are refused (503).
  std::uint64_t disk_reserve_bytes = std::uint64_t{8} * 1024 * 1024;
  std::chrono::milliseconds busy_timeout{5000};
};

// The SQLite engine: one database file in WAL mode, shared by the server's threads through a
// small pool of connections (and by the operators' CLI, another process, through the file).
//
// Every operation holds the gate shared; check() takes it alone when the file has to be put back
// after a deletion or reopened after a replacement, so no operation runs on a connection that
// is being closed and no write lands in the old file meanwhile.
class store final : public lead_store {
 public:
  // Opens and migrates; throws storage::error (unavailable) when it cannot.
  explicit store(std::string path, options opts = {});
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
  [[nodiscard]] bool shared() const override { return false; }
  std::vector<std::int64_t> take_tokens(const std::vector<std::string>& clients,
                                        std::int64_t now_ms, double burst,
                                        double per_second) override;
  [[nodiscard]] bool leader() override { return true; }
  void on_new_leads(std::function<void()> /*wake*/) override {}
  void stop() override {}
  health check() override;

 private:
  class lease;
  template <class Work>
  auto read(Work&& work);
  template <class Work>
  auto write(file_guard::purpose use, Work&& work);
  std::unique_ptr<connection> open_connection();
  void release(std::unique_ptr<connection> conn);
  void open_all();
  void close_all();
  // With the gate held alone: after a deletion, or when the path names another file.
  void restore();
  void reopen();
  // With the gate held alone: follows the file through deletion, replacement and detachment.
  file_guard::verdict settle();
  // With the gate held alone: one write that proves the disk takes writes (again).
  void probe();
  void note_write(const std::string& failure, fault problem = fault::none);
  void forget_claim(const std::string& id);

  std::string path_;
  options options_;
  file_guard guard_;
  std::shared_mutex gate_;
  std::mutex pool_mutex_;
  std::vector<std::unique_ptr<connection>> idle_;
  // Kept open for the store's whole life: after a deletion, the only way left to the data.
  std::unique_ptr<connection> keeper_;
  std::mutex random_mutex_;
  std::mt19937_64 random_;
  std::mutex failure_mutex_;
  std::string last_write_failure_;  // empty once a write has succeeded since
  fault last_write_fault_ = fault::none;
  // One process owns an SQLite file, so the outbox's claims and the chat's turn live in memory:
  // they need no write, and deliveries go on while the disk refuses writes.
  std::mutex outbox_mutex_;
  std::unordered_map<std::string, std::pair<std::string, std::int64_t>> claims_;  // owner, until
  std::string turn_owner_;
  std::int64_t turn_until_ = 0;
  std::int64_t next_send_at_ = 0;
  // After the disk refused writes (read-only, I/O errors) the store keeps no connection open,
  // so the file system can be unmounted, checked and mounted again while the server runs; each
  // operation then opens its own. Changed with the gate held alone.
  bool detached_ = false;
};

}  // namespace landing::storage::sqlite
