#include "storage/sqlite/file_guard.hpp"

#include <sys/stat.h>
#include <sys/statvfs.h>

#include <filesystem>

namespace landing::storage::sqlite {

file_guard::file_guard(std::string path, std::uint64_t reserve_bytes)
    : path_(std::move(path)), reserve_bytes_(reserve_bytes) {}

file_guard::file_id file_guard::id_of(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return {};
  return {info.st_dev, info.st_ino, true};
}

std::string file_guard::folder() const {
  auto parent = std::filesystem::path(path_).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

void file_guard::remember() {
  database_ = id_of(path_);
  wal_ = id_of(path_ + "-wal");
  shm_ = id_of(path_ + "-shm");
}

void file_guard::remove_stale_logs() const {
  for (const auto& [suffix, old] : {std::pair{"-wal", wal_}, std::pair{"-shm", shm_}}) {
    const auto name = path_ + suffix;
    const auto now = id_of(name);
    if (old.exists && now.exists && now.device == old.device && now.inode == old.inode) {
      std::error_code ignored;
      std::filesystem::remove(name, ignored);
    }
  }
}

file_guard::verdict file_guard::check(purpose use, bool check_log) const {
  verdict out;
  const auto now = id_of(path_);
  if (!now.exists) {
    return {identity::missing, fault::missing, "the database file " + path_ + " is gone"};
  }
  if (now.device != database_.device || now.inode != database_.inode) {
    return {identity::replaced, fault::missing,
            "the database file " + path_ + " was replaced by another file"};
  }
  // The log holds every commit not yet copied into the main file: deleted alone, it takes them
  // along at the next restart.
  if (check_log && wal_.exists) {
    const auto log = id_of(path_ + "-wal");
    if (!log.exists || log.device != wal_.device || log.inode != wal_.inode) {
      return {identity::missing, fault::missing,
              "the write-ahead log " + path_ + "-wal was deleted or replaced"};
    }
  }
  struct statvfs space {};
  if (::statvfs(folder().c_str(), &space) == 0) {
    if ((space.f_flag & ST_RDONLY) != 0) {
      out.problem = fault::read_only;
      out.reason = "the file system of " + path_ + " is read-only";
    } else if (const std::uint64_t needed = use == purpose::outcome    ? 0
                                            : use == purpose::new_lead ? reserve_bytes_
                                                                       : 2 * reserve_bytes_;
               static_cast<std::uint64_t>(space.f_bavail) * space.f_frsize < needed) {
      out.problem = fault::disk_full;
      out.reason = "less than " + std::to_string(needed / 1024) + " KiB free for " + path_;
    }
  }
  return out;
}

}  // namespace landing::storage::sqlite
