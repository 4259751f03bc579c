#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/fault.hpp"

// What in the digest asks for an operator, in the studio's words: read from the store's health
// check (its fault and each channel's figures) and the free space beside a SQLite database.
namespace landing::digest {

struct disk_space {
  std::uint64_t free_bytes = 0;
  std::uint64_t reserve_bytes = 0;  // --disk-reserve-mb: below it new leads are refused
};

// Free space counts as low below this many reserves: measurement stops at two, leads at one.
inline constexpr std::uint64_t low_disk_reserves = 4;
// A lead still waiting for a channel this long is worth a look.
inline constexpr std::int64_t stuck_after_ms = std::int64_t{60} * 60 * 1000;

std::vector<std::string> alerts_of(const storage::health& found, std::optional<disk_space> disk,
                                   std::int64_t now_ms);

// The free space of the folder that holds `path` (statvfs); nothing when it cannot be read.
std::optional<std::uint64_t> free_bytes_beside(const std::string& path);

}  // namespace landing::digest
