#include "site/compression.hpp"

#include <chrono>
#include <exception>

#include "common/log.hpp"

namespace landing::site {

background_compression::background_compression(site& files)
    : thread_([this, &files] {
        try {
          const auto started = std::chrono::steady_clock::now();
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
