#include "digest/alerts.hpp"

#include <sys/statvfs.h>

#include <filesystem>

#include "common/concat.hpp"

namespace landing::digest {
namespace {

constexpr std::uint64_t mebibyte = std::uint64_t{1024} * 1024;

}  // namespace

std::vector<std::string> alerts_of(const storage::health& found, std::optional<disk_space> disk,
                                   std::int64_t now_ms) {
  std::vector<std::string> out;
  if (found.problem != storage::fault::none) {
    out.push_back(concat("Хранилище не принимает новые заявки (",
                         storage::fault_name(found.problem), "): ", found.reason));
  }
  for (const auto& channel : found.channels) {
    if (channel.disabled > 0) {
      out.push_back(concat("Канал ", channel.channel, " выключен получателем, ждут ",
                           std::to_string(channel.disabled),
                           " — включить: landing-server leads retry --channel ", channel.channel));
    }
    if (channel.failed > 0) {
      out.push_back(concat("Канал ", channel.channel, ": не доставлено ",
                           std::to_string(channel.failed),
                           " — см. landing-server leads list --status failed"));
    }
    if (channel.pending > 0 && channel.oldest_pending_at > 0 &&
        now_ms - channel.oldest_pending_at > stuck_after_ms) {
      out.push_back(concat("Канал ", channel.channel, ": ", std::to_string(channel.pending),
                           " ждут доставки дольше часа"));
    }
  }
  if (disk && disk->reserve_bytes > 0 &&
      disk->free_bytes < low_disk_reserves * disk->reserve_bytes) {
    out.push_back(concat("Мало места на диске: свободно ",
                         std::to_string(disk->free_bytes / mebibyte),
                         " МБ (новые заявки "
                         "перестанут приниматься при ",
                         std::to_string(disk->reserve_bytes / mebibyte), " МБ)"));
  }
  return out;
}

std::optional<std::uint64_t> free_bytes_beside(const std::string& path) {
  auto folder = std::filesystem::path(path).parent_path();
  if (folder.empty()) folder = ".";
  struct statvfs space {};
  if (::statvfs(folder.c_str(), &space) != 0) return std::nullopt;
  return static_cast<std::uint64_t>(space.f_bavail) * space.f_frsize;
}

}  // namespace landing::digest
