#include "site/compression.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <exception>

#include "common/log.hpp"

namespace landing::site {

background_compression::background_compression(site& files)
    : thread_([this, &files] {
        // A low priority (Linux gives each thread its own nice value): at start the checks and
        // compressions share two cores with the first requests, which must not wait. Not the
        // lowest: nice 19 gets about 1.5% of a core busy with requests, and on a loaded server
        // the smaller forms (and the check of the build's) would then wait for minutes; nice 10
        // gets about 10%.
        ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 10);
        try {
          const auto started = std::chrono::steady_clock::now();
          // First the build's forms published unchecked at start: a stale one is withdrawn
          // here, and compressed afresh just below.
          if (const auto stale = files.check_deferred(stop_); stale > 0) {
            log::warn("precompressed_files_stale",
                      {{"count", stale},
                       {"effect", "they do not match their files; those are compressed now"},
                       {"fix", "make build writes them again"}});
          }
          const auto compressed = files.compress_all({}, stop_);
          const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
          if (!stop_) {
            log::info("site_compressed", {{"files", compressed}, {"seconds", took.count()}});
          }
        } catch (const std::exception& e) {
          // The identity bytes go on being served; only the smaller forms are missing.
          log::error("site_compression_failed", {{"reason", e.what()}});
        }
      }) {}

background_compression::~background_compression() {
  stop_ = true;
  thread_.join();
}

}  // namespace landing::site
