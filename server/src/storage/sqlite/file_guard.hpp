#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>

#include "storage/store.hpp"

namespace landing::storage::sqlite {

// Watches the database file from outside SQLite, which keeps writing through its open
// descriptors whatever happens to the path: after `rm leads.db*` every commit would go to a file
// no one can open again, and a full or read-only disk shows only when a write fails.
class file_guard {
 public:
  enum class identity { same, missing, replaced };

  struct verdict {
    identity file = identity::same;
    fault problem = fault::none;  // read_only or disk_full; missing when the file is gone
    std::string reason;
  };

  // reserve_bytes: below this much free space new leads are refused, so what is left goes to
  // recording the outcomes of leads already accepted.
  file_guard(std::string path, std::uint64_t reserve_bytes);

  // What a write is for decides how much free space it needs: recording an outcome may use the
  // reserve, a new lead may not, and Web Vitals stop at twice the reserve, so measurement never
  // eats the room left for leads.
  enum class purpose { outcome, new_lead, measurement };

  // Takes the file (and its write-ahead log) as it is now as the one in use.
  void remember();
  // check_log: the
  // store holds connections open, so the log must be the one they write to (with none open,
  // SQLite itself deletes the log and makes a new one).
  [[nodiscard]] verdict check(purpose use, bool check_log = true) const;
  // Deletes the -wal and -shm files of the file last remembered, if they are still at the path.
  // Only when no connection is open: SQLite keeps a moved database's log on close (to protect
  // it), and a new connection would replay that log onto whatever file now has the name.
  void remove_stale_logs() const;

  [[nodiscard]] const std::string& path() const { return path_; }
  [[nodiscard]] std::string folder() const;

 private:
  struct file_id {
    dev_t device = 0;
    ino_t inode = 0;
    bool exists = false;
  };
  static file_id id_of(const std::string& path);

  std::string path_;
  std::uint64_t reserve_bytes_;
  file_id database_;
  file_id wal_;
  file_id shm_;
};

}  // namespace landing::storage::sqlite
