#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "storage/fault.hpp"
#include "storage/last_write.hpp"
#include "storage/sqlite/connection.hpp"
#include "storage/sqlite/file_guard.hpp"
#include "storage/ulid.hpp"

namespace landing::storage::sqlite {

struct options {
  // Free space kept for recording deliveries; below it new leads are refused (503).
  std::uint64_t disk_reserve_bytes = std::uint64_t{8} * 1024 * 1024;
  std::chrono::milliseconds busy_timeout{5000};
};

// What an SQLite failure means for whoever asked: the errno of the failed call says more than
// the result code (a write to a file system gone read-only is an I/O error to SQLite).
fault fault_of(const error& e);

// The database file every role of the SQLite engine works on: one file in WAL mode, shared by
// the server's threads through a small pool of connections (and by the operators' CLI, another
// process, through the file). It follows the file through deletion, replacement and a file
// system that stops taking writes (check()).
//
// Every operation holds the gate shared; check() takes it alone when the file has to be put back
// after a deletion or reopened after a replacement, so no operation runs on a connection that
// is being closed and no write lands in the old file meanwhile.
class database {
 public:
  // Opens and migrates; throws storage::error (unavailable) when it cannot.
  database(std::string path, options opts);
  database(const database&) = delete;
  database& operator=(const database&) = delete;
  ~database();

  // Runs `work(connection&)` on a pooled connection; SQLite's failures become storage::error.
  template <class Work>
  auto read(Work&& work);
  // The same for a write: refused first when the file guard says the disk cannot take one for
  // this purpose (a lead keeps the reserve for recording deliveries), and every outcome noted
  // for check().
  template <class Work>
  auto write(file_guard::purpose use, Work&& work);

  // A new lead id for the time given (ULID); one engine's ids sort in the order made.
  std::string make_id(std::int64_t unix_ms);

  // The file's state (deleted, replaced, read-only, full, a failed write), with `figures` read
  // in the same pass on a connection of the pool.
  health check(const std::function<void(connection&, health&)>& figures);

 private:
  class lease;
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

  std::string path_;
  options options_;
  file_guard guard_;
  std::shared_mutex gate_;
  std::mutex pool_mutex_;
  std::vector<std::unique_ptr<connection>> idle_;
  // Kept open for the store's whole life: after a deletion, the only way left to the data.
  std::unique_ptr<connection> keeper_;
  std::mutex ids_mutex_;
  ulid_generator ids_;
  last_write last_write_;
  // After the disk refused writes (read-only, I/O errors) the store keeps no connection open,
  // so the file system can be unmounted, checked and mounted again while the server runs; each
  // operation then opens its own. Changed with the gate held alone.
  bool detached_ = false;
};

// A pooled connection for the length of one operation.
class database::lease {
 public:
  explicit lease(database& owner) : owner_(owner), conn_(owner.open_connection()) {}
  ~lease() { owner_.release(std::move(conn_)); }
  lease(const lease&) = delete;
  lease& operator=(const lease&) = delete;
  connection& operator*() const { return *conn_; }

 private:
  database& owner_;
  std::unique_ptr<connection> conn_;
};

template <class Work>
auto database::read(Work&& work) {
  const std::shared_lock gate(gate_);
  try {
    const lease conn(*this);
    return work(*conn);
  } catch (const error& e) {
    throw storage::error(fault::unavailable, e.what());
  }
}

template <class Work>
auto database::write(file_guard::purpose use, Work&& work) {
  const std::shared_lock gate(gate_);
  if (const auto verdict = guard_.check(use, !detached_); verdict.problem != fault::none) {
    throw storage::error(verdict.problem, verdict.reason);
  }
  try {
    const lease conn(*this);
    auto result = work(*conn);
    last_write_.succeeded();
    return result;
  } catch (const error& e) {
    last_write_.failed(e.what(), fault_of(e));
    throw storage::error(fault_of(e), e.what());
  }
}

}  // namespace landing::storage::sqlite
