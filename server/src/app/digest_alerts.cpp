#include "app/digest_alerts.hpp"

#include "common/clock.hpp"
#include "digest/alerts.hpp"
#include "storage/open.hpp"

namespace landing::app {

std::vector<std::string> digest_alerts(storage::lead_store& store, const config& cfg) {
  std::optional<digest::disk_space> disk;
  if (storage::is_file(cfg.db)) {
    if (const auto free = digest::free_bytes_beside(cfg.db)) {
      disk = digest::disk_space{*free, cfg.disk_reserve_mb * 1024 * 1024};
    }
  }
  return digest::alerts_of(store.check(true), disk, clock::now_ms());
}

}  // namespace landing::app
