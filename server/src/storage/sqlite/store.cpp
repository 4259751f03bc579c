#include "storage/sqlite/store.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <stdexcept>
#include <type_traits>

#include "common/clock.hpp"
#include "common/log.hpp"
#include "storage/sqlite/migrations.hpp"
#include "storage/sqlite/triage.hpp"
#include "storage/sqlite/vitals.hpp"
#include "storage/ulid.hpp"

namespace landing::storage::sqlite {
namespace {

constexpr const char* lead_columns =
    "l.id, l.created_at, l.name, l.social, l.email, l.message, l.locale, l.client, l.status, "
    "l.attempts, l.last_error, l.delivered_at";

lead read_lead(const statement& row) {
  lead out;
  out.id = row.text(0);
  out.created_at = row.integer(1);
  out.fields = {row.text(2), row.text(3), row.text(4), row.text(5)};
  out.locale = row.text(6);
  out.client = row.text(7);
  out.status = row.text(8);
  out.attempts = row.integer(9);
  out.last_error = row.text(10);
  out.delivered_at = row.integer(11);
  return out;
}

std::string with_columns(const char* before, const char* after) {
  return std::string(before) + lead_columns + after;
}

// What an SQLite failure means for whoever asked: the errno of the failed call says more than
// the result code (a write to a file system gone read-only is an I/O error to SQLite).
fault fault_of(const error& e) {
  const int primary = e.code & 0xFF;
  if (e.system_errno == ENOSPC || e.system_errno == EDQUOT || primary == SQLITE_FULL) {
    return fault::disk_full;
  }
  if (e.system_errno == EROFS || primary == SQLITE_READONLY) return fault::read_only;
  if (primary == SQLITE_CANTOPEN || primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT) {
    return fault::unavailable;
  }
  return fault::write_failed;
}

// A rename is durable only once the folder that lists it is synced.
void sync_folder(const std::string& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

// A pooled connection for the length of one operation.
class store::lease {
 public:
  explicit lease(store& owner) : owner_(owner), conn_(owner.open_connection()) {}
  ~lease() { owner_.release(std::move(conn_)); }
  lease(const lease&) = delete;
  lease& operator=(const lease&) = delete;
  connection& operator*() const { return *conn_; }

 private:
  store& owner_;
  std::unique_ptr<connection> conn_;
};

store::store(std::string path, options opts)
    : path_(std::move(path)),
      options_(opts),
      guard_(path_, opts.disk_reserve_bytes),
      random_(std::random_device{}()) {
  try {
    keeper_ = std::make_unique<connection>(path_, options_.busy_timeout, true);
    migrate(*keeper_);
  } catch (const error& e) {
    throw storage::error(fault::unavailable, e.what());
  }
  // SQLite syncs the folder when it creates a log, not when it creates the database file: a
  // crash soon after the first start could otherwise take the new file's name along.
  sync_folder(guard_.folder());
  guard_.remember();
}

store::~store() = default;

std::unique_ptr<connection> store::open_connection() {
  {
    const std::lock_guard lock(pool_mutex_);
    if (!idle_.empty()) {
      auto conn = std::move(idle_.back());
      idle_.pop_back();
      return conn;
    }
  }
  // Never creates the file: a new empty database in place of a deleted one would hide the
  // deletion from the guard and answer every query with "no such table".
  return std::make_unique<connection>(path_, options_.busy_timeout, false);
}

void store::release(std::unique_ptr<connection> conn) {
  if (!conn || detached_) return;
  const std::lock_guard lock(pool_mutex_);
  idle_.push_back(std::move(conn));
}

template <class Work>
auto store::read(Work&& work) {
  const std::shared_lock gate(gate_);
  try {
    const lease conn(*this);
    return work(*conn);
  } catch (const error& e) {
    throw storage::error(fault::unavailable, e.what());
  }
}

template <class Work>
auto store::write(file_guard::purpose use, Work&& work) {
  const std::shared_lock gate(gate_);
  if (const auto verdict = guard_.check(use, !detached_); verdict.problem != fault::none) {
    throw storage::error(verdict.problem, verdict.reason);
  }
  try {
    const lease conn(*this);
    auto result = work(*conn);
    note_write({});
    return result;
  } catch (const error& e) {
    note_write(e.what(), fault_of(e));
    throw storage::error(fault_of(e), e.what());
  }
}

void store::note_write(const std::string& failure, fault problem) {
  const std::lock_guard lock(failure_mutex_);
  last_write_failure_ = failure;
  last_write_fault_ = problem;
}

std::vector<std::string> store::insert_batch(const std::vector<new_lead>& leads, bool held) {
  return write(file_guard::purpose::new_lead, [&](connection& conn) {
    std::vector<std::string> ids;
    ids.reserve(leads.size());
    const auto created = clock::now_ms();
    transaction txn(conn);
    statement insert(conn,
                     "INSERT INTO leads (id, created_at, name, social, email, message, locale, "
                     "client, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    statement enqueue(conn, "INSERT INTO outbox (lead_id, next_attempt_at) VALUES (?, ?)");
    for (const auto& item : leads) {
      std::string id;
      {
        const std::lock_guard lock(random_mutex_);
        id = make_ulid(static_cast<std::uint64_t>(created), random_);
      }
      const char* status = item.spam ? "spam" : held ? "held" : "pending";
      insert.bind(1, id).bind(2, created).bind(3, item.fields.name).bind(4, item.fields.social);
      insert.bind(5, item.fields.email).bind(6, item.fields.message).bind(7, item.locale);
      insert.bind(8, item.client).bind(9, std::string_view(status));
      insert.step();
      insert.reset();
      // Spam is kept for the record but never enters the outbox.
      if (!item.spam) {
        enqueue.bind(1, id).bind(2, created);
        enqueue.step();
        enqueue.reset();
      }
      ids.push_back(std::move(id));
    }
    txn.commit();
    return ids;
  });
}

std::int64_t store::release_held() {
  return write(file_guard::purpose::outcome, [](connection& conn) {
    conn.exec("UPDATE leads SET status = 'pending' WHERE status = 'held'");
    return conn.changes();
  });
}

std::optional<std::int64_t> store::next_due_at(const std::string& owner, std::int64_t now_ms) {
  // The order of due leads, with the time each is free: its next attempt, or for a lead another
  // owner holds, the end of that claim too.
  const auto due = read([](connection& conn) {
    statement query(conn,
                    "SELECT o.lead_id, o.next_attempt_at FROM outbox o JOIN leads l ON l.id = "
                    "o.lead_id WHERE l.status = 'pending' ORDER BY o.next_attempt_at");
    std::vector<std::pair<std::string, std::int64_t>> out;
    while (query.step()) out.emplace_back(query.text(0), query.integer(1));
    return out;
  });
  const std::lock_guard lock(outbox_mutex_);
  std::optional<std::int64_t> first;
  for (const auto& [id, at] : due) {
    auto free_at = at;
    if (const auto held = claims_.find(id);
        held != claims_.end() && held->second.first != owner && held->second.second > now_ms) {
      free_at = std::max(at, held->second.second);
    }
    if (!first || free_at < *first) first = free_at;
  }
  return first;
}

std::optional<lead> store::claim_next(const std::string& owner, std::int64_t now_ms,
                                      std::int64_t lease_ms, const std::vector<std::string>& skip) {
  auto candidates = read([&](connection& conn) {
    statement query(conn, with_columns("SELECT ",
                                       ", o.next_attempt_at FROM outbox o JOIN leads l ON l.id = "
                                       "o.lead_id WHERE l.status = 'pending' AND "
                                       "o.next_attempt_at <= ? ORDER BY o.next_attempt_at, "
                                       "l.created_at")
                              .c_str());
    query.bind(1, now_ms);
    std::vector<lead> out;
    while (query.step()) {
      out.push_back(read_lead(query));
      out.back().next_attempt_at = query.integer(12);
    }
    return out;
  });
  const std::lock_guard lock(outbox_mutex_);
  for (auto& item : candidates) {
    if (std::find(skip.begin(), skip.end(), item.id) != skip.end()) continue;
    auto& claim = claims_[item.id];
    if (!claim.first.empty() && claim.first != owner && claim.second > now_ms) continue;
    claim = {owner, now_ms + lease_ms};
    return std::move(item);
  }
  return std::nullopt;
}

lead_store::turn store::take_turn(const std::string& owner, std::int64_t now_ms,
                                  std::int64_t hold_ms) {
  const std::lock_guard lock(outbox_mutex_);
  const bool held_by_other = !turn_owner_.empty() && turn_owner_ != owner && turn_until_ > now_ms;
  if (held_by_other) return {false, turn_until_};
  if (next_send_at_ > now_ms) return {false, next_send_at_};
  turn_owner_ = owner;
  turn_until_ = now_ms + hold_ms;
  return {true, 0};
}

void store::end_turn(const std::string& owner, std::int64_t next_send_ms) {
  const std::lock_guard lock(outbox_mutex_);
  next_send_at_ = std::max(next_send_at_, next_send_ms);
  if (turn_owner_ == owner) {
    turn_owner_.clear();
    turn_until_ = 0;
  }
}

triage_change store::change_triage(const std::string& id, const std::string& from,
                                   const std::string& to, const std::string& action,
                                   const actor& who, std::int64_t at_ms,
                                   const std::string& click_id) {
  // A click records what a manager did: it may use the reserve, as an outcome does.
  return write(file_guard::purpose::outcome, [&](connection& conn) {
    return sqlite::change_triage(conn, id, from, to, action, who, at_ms, click_id);
  });
}

std::optional<triage_state> store::triage_of(const std::string& id) {
  return read([&](connection& conn) { return sqlite::triage_of(conn, id); });
}

std::vector<lead_event> store::events_of(const std::string& id) {
  return read([&](connection& conn) { return sqlite::events_of(conn, id); });
}

std::vector<std::pair<std::string, triage_state>> store::triage_states() {
  return read([](connection& conn) { return sqlite::triage_states(conn); });
}

std::vector<triage_count> store::triage_counts() {
  return read([](connection& conn) { return sqlite::triage_counts(conn); });
}

std::vector<reminder_due> store::due_reminders(std::int64_t delivered_before_ms, int limit) {
  return read([&](connection& conn) {
    statement query(conn, with_columns("SELECT ",
                                       ", m.chat_id, m.message_id FROM leads l JOIN lead_messages "
                                       "m ON m.lead_id = l.id LEFT JOIN lead_triage t ON "
                                       "t.lead_id = l.id WHERE l.status = 'delivered' AND "
                                       "m.reminded_at IS NULL AND (t.status IS NULL OR t.status "
                                       "= 'new') AND l.delivered_at <= ? ORDER BY l.delivered_at "
                                       "LIMIT ?")
                              .c_str());
    query.bind(1, delivered_before_ms).bind(2, static_cast<std::int64_t>(limit));
    std::vector<reminder_due> out;
    while (query.step()) {
      out.push_back({read_lead(query), {query.integer(12), query.integer(13)}});
    }
    return out;
  });
}

bool store::claim_reminder(const std::string& id, std::int64_t at_ms) {
  return write(file_guard::purpose::outcome,
               [&](connection& conn) { return sqlite::claim_reminder(conn, id, at_ms); });
}

std::optional<std::string> store::setting(const std::string& key) {
  return read([&](connection& conn) { return sqlite::setting(conn, key); });
}

void store::set_setting(const std::string& key, const std::string& value) {
  write(file_guard::purpose::outcome, [&](connection& conn) {
    sqlite::set_setting(conn, key, value);
    return true;
  });
}

std::vector<std::pair<std::string, std::string>> store::settings() {
  return read([](connection& conn) { return sqlite::settings(conn); });
}

void store::add_vitals(const std::vector<vitals_aggregate>& batch) {
  write(file_guard::purpose::measurement, [&](connection& conn) {
    sqlite::add_vitals(conn, batch);
    return true;
  });
}

std::vector<vitals_aggregate> store::read_vitals(const vitals_query& query) {
  return read([&](connection& conn) { return sqlite::read_vitals(conn, query); });
}

std::int64_t store::prune_vitals(std::int64_t before_day) {
  return write(file_guard::purpose::outcome,
               [&](connection& conn) { return sqlite::prune_vitals(conn, before_day); });
}

std::vector<std::int64_t> store::take_tokens(const std::vector<std::string>& /*clients*/,
                                             std::int64_t /*now_ms*/, double /*burst*/,
                                             double /*per_second*/) {
  // One process: its own rate limiter keeps the buckets (leads::rate_limiter).
  throw std::logic_error("take_tokens on a store that only one process uses");
}

void store::forget_claim(const std::string& id) {
  const std::lock_guard lock(outbox_mutex_);
  claims_.erase(id);
}

void store::mark_delivered(const std::string& id, std::int64_t at_ms, const sent_message& where) {
  forget_claim(id);
  write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement(conn,
              "UPDATE leads SET status = 'delivered', delivered_at = ?, attempts = attempts + 1, "
              "last_error = NULL WHERE id = ?")
        .bind(1, at_ms)
        .bind(2, id)
        .step();
    statement(conn, "DELETE FROM outbox WHERE lead_id = ?").bind(1, id).step();
    if (where.message_id != 0) sqlite::note_message(conn, id, where);
    txn.commit();
    return true;
  });
}

void store::reschedule(const std::string& id, std::int64_t next_attempt_ms,
                       const std::string& error) {
  forget_claim(id);
  write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement(conn, "UPDATE leads SET attempts = attempts + 1, last_error = ? WHERE id = ?")
        .bind(1, error)
        .bind(2, id)
        .step();
    statement(conn, "UPDATE outbox SET next_attempt_at = ? WHERE lead_id = ?")
        .bind(1, next_attempt_ms)
        .bind(2, id)
        .step();
    txn.commit();
    return true;
  });
}

void store::mark_failed(const std::string& id, const std::string& reason) {
  forget_claim(id);
  write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement(conn,
              "UPDATE leads SET status = 'failed', attempts = attempts + 1, last_error = ? "
              "WHERE id = ?")
        .bind(1, reason)
        .bind(2, id)
        .step();
    statement(conn, "DELETE FROM outbox WHERE lead_id = ?").bind(1, id).step();
    txn.commit();
    return true;
  });
}

bool store::retry(const std::string& id) {
  return write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    statement(conn,
              "UPDATE leads SET status = 'pending', last_error = NULL WHERE id = ? AND status "
              "IN ('failed', 'held', 'pending')")
        .bind(1, id)
        .step();
    if (conn.changes() == 0) return false;
    statement(conn,
              "INSERT INTO outbox (lead_id, next_attempt_at) VALUES (?, ?) ON CONFLICT "
              "(lead_id) DO UPDATE SET next_attempt_at = excluded.next_attempt_at")
        .bind(1, id)
        .bind(2, clock::now_ms())
        .step();
    txn.commit();
    return true;
  });
}

std::optional<lead> store::find(const std::string& id) {
  return read([&](connection& conn) -> std::optional<lead> {
    statement query(conn, with_columns("SELECT ", " FROM leads l WHERE l.id = ?").c_str());
    query.bind(1, id);
    if (!query.step()) return std::nullopt;
    return read_lead(query);
  });
}

std::vector<lead> store::list(const std::string& status) {
  return read([&](connection& conn) {
    statement query(
        conn, with_columns("SELECT ", " FROM leads l WHERE ? = '' OR l.status = ? ORDER BY l.id")
                  .c_str());
    query.bind(1, status).bind(2, status);
    std::vector<lead> out;
    while (query.step()) out.push_back(read_lead(query));
    return out;
  });
}

std::vector<lead_store::stored_lead> store::export_all() {
  return read([](connection& conn) {
    statement query(conn, with_columns("SELECT ",
                                       ", o.next_attempt_at, o.lead_id IS NOT NULL FROM leads l "
                                       "LEFT JOIN outbox o ON o.lead_id = l.id ORDER BY l.id")
                              .c_str());
    auto desks = sqlite::export_desks(conn);
    std::vector<stored_lead> out;
    while (query.step()) {
      stored_lead item{read_lead(query), query.integer(13) != 0};
      item.record.next_attempt_at = query.integer(12);
      if (const auto found = desks.find(item.record.id); found != desks.end()) {
        item.desk = std::move(found->second);
      }
      out.push_back(std::move(item));
    }
    return out;
  });
}

bool store::import(const stored_lead& item) {
  return write(file_guard::purpose::outcome, [&](connection& conn) {
    transaction txn(conn);
    const auto& l = item.record;
    statement insert(conn,
                     "INSERT INTO leads (id, created_at, name, social, email, message, locale, "
                     "client, status, attempts, last_error, delivered_at) VALUES (?, ?, ?, ?, ?, "
                     "?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING");
    insert.bind(1, l.id).bind(2, l.created_at).bind(3, l.fields.name).bind(4, l.fields.social);
    insert.bind(5, l.fields.email).bind(6, l.fields.message).bind(7, l.locale).bind(8, l.client);
    insert.bind(9, l.status).bind(10, l.attempts);
    if (l.last_error.empty()) {
      insert.bind_null(11);
    } else {
      insert.bind(11, l.last_error);
    }
    if (l.delivered_at == 0) {
      insert.bind_null(12);
    } else {
      insert.bind(12, l.delivered_at);
    }
    insert.step();
    if (conn.changes() == 0) return false;
    if (item.queued) {
      statement(conn, "INSERT INTO outbox (lead_id, next_attempt_at) VALUES (?, ?)")
          .bind(1, l.id)
          .bind(2, l.next_attempt_at)
          .step();
    }
    sqlite::import_desk(conn, l.id, item.desk);
    txn.commit();
    return true;
  });
}

void store::close_all() {
  {
    const std::lock_guard lock(pool_mutex_);
    idle_.clear();
  }
  keeper_.reset();
}

void store::open_all() {
  auto conn = std::make_unique<connection>(path_, options_.busy_timeout, false);
  migrate(*conn);
  keeper_ = std::move(conn);
  guard_.remember();
}

void store::restore() {
  const auto folder = guard_.folder();
  if (!std::filesystem::is_directory(folder)) {
    throw storage::error(fault::missing, "the folder " + folder +
                                             " is gone; once it exists again the database is "
                                             "written back into it");
  }
  if (!keeper_) throw storage::error(fault::missing, "no open copy of the database is left");
  const auto temporary = path_ + ".restoring";
  std::error_code ignored;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    std::filesystem::remove(temporary + suffix, ignored);
  }
  try {
    copy_database(*keeper_, temporary);
  } catch (const error& e) {
    std::filesystem::remove(temporary, ignored);
    throw storage::error(fault::missing,
                         std::string("cannot write the database back: ") + e.what());
  }
  // Every connection of ours still points at the old file; none may outlive it, or two sets
  // of connections would share one -shm index for two different logs.
  close_all();
  guard_.remove_stale_logs();
  std::filesystem::rename(temporary, path_, ignored);
  if (ignored) {
    throw storage::error(fault::missing,
                         "cannot move the restored copy into place: " + ignored.message());
  }
  sync_folder(folder);
  try {
    open_all();
  } catch (const error& e) {
    throw storage::error(fault::unavailable, e.what());
  }
  log::warn("database_restored",
            {{"path", path_},
             {"effect",
              "the file was deleted while open; it was written back from the server's "
              "open copy, nothing was lost"}});
}

void store::reopen() {
  close_all();
  guard_.remove_stale_logs();
  try {
    open_all();
  } catch (const error& e) {
    throw storage::error(fault_of(e), e.what());
  }
  detached_ = false;
}

file_guard::verdict store::settle() {
  auto verdict = guard_.check(file_guard::purpose::new_lead, !detached_);
  try {
    if (verdict.file == file_guard::identity::missing) {
      restore();
    } else if (verdict.file == file_guard::identity::replaced) {
      reopen();
      log::warn("database_reopened", {{"path", path_},
                                      {"effect",
                                       "another file took the database's place; the "
                                       "server now uses that one"}});
    }
    if (verdict.file != file_guard::identity::same)
      verdict = guard_.check(file_guard::purpose::new_lead, !detached_);
  } catch (const storage::error& e) {
    verdict.problem = e.problem;
    verdict.reason = e.what();
  } catch (const error& e) {
    verdict.problem = fault_of(e);
    verdict.reason = e.what();
  }
  return verdict;
}

void store::probe() {
  try {
    const lease conn(*this);
    transaction txn(*conn);
    statement(*conn,
              "INSERT INTO health_probe (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO "
              "UPDATE SET checked_at = excluded.checked_at")
        .bind(1, clock::now_ms())
        .step();
    txn.commit();
    note_write({});
    if (detached_) {
      detached_ = false;
      open_all();
      log::info("database_reattached", {{"path", path_}});
    }
  } catch (const error& e) {
    const auto problem = fault_of(e);
    note_write(e.what(), problem);
    // A disk that refuses writes for lack of space still lets itself be unmounted; one that
    // refuses them for any other reason may need exactly that to be fixed.
    if (problem != fault::disk_full && !detached_) {
      detached_ = true;
      close_all();
      log::warn("database_detached",
                {{"path", path_},
                 {"reason", e.what()},
                 {"effect",
                  "no connection is kept open, so its file system can be unmounted "
                  "and mounted again; the server reconnects by itself"}});
    }
  }
}

health store::check() {
  health out;
  file_guard::verdict verdict;
  {
    // Once a second, and short unless the file has to be put back: every operation waits.
    const std::unique_lock gate(gate_);
    verdict = settle();
    bool failed = false;
    {
      const std::lock_guard lock(failure_mutex_);
      failed = !last_write_failure_.empty();
    }
    // After a failed write nothing else proves the disk took writes again, so try one.
    if ((failed || detached_) && verdict.problem == fault::none) probe();
  }
  const std::shared_lock gate(gate_);
  try {
    const lease conn(*this);
    statement depth(*conn,
                    "SELECT count(*), coalesce(min(l.created_at), 0) FROM outbox o JOIN leads l "
                    "ON l.id = o.lead_id WHERE l.status IN ('pending', 'held')");
    if (depth.step()) {
      out.outbox.depth = depth.integer(0);
      out.outbox.oldest_created_at = depth.integer(1);
    }
    statement last(*conn, "SELECT coalesce(max(delivered_at), 0) FROM leads");
    if (last.step()) out.outbox.last_delivered_at = last.integer(0);
  } catch (const error& e) {
    if (verdict.problem == fault::none) {
      verdict.problem = fault::unavailable;
      verdict.reason = e.what();
    }
  }
  const std::lock_guard lock(failure_mutex_);
  if (verdict.problem != fault::none) {
    out.problem = verdict.problem;
    out.reason = verdict.reason;
  } else if (!last_write_failure_.empty()) {
    out.problem = last_write_fault_ == fault::none ? fault::write_failed : last_write_fault_;
    out.reason = last_write_failure_;
  }
  return out;
}

}  // namespace landing::storage::sqlite
