#include "app/store.hpp"

namespace landing::app {

storage::engine_options store_options(const config& cfg) {
  storage::engine_options out;
  out.sqlite.disk_reserve_bytes = cfg.disk_reserve_mb * 1024 * 1024;
  return out;
}

}  // namespace landing::app
