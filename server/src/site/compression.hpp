#pragma once

#include <atomic>
#include <thread>

#include "site/site.hpp"

namespace landing::site {

// Compresses every file the build did not precompress (or precompressed stale), on a thread of
// its own, so a start is not held up by it: the identity bytes are served meanwhile. Stops early
// and joins when it goes. Logs how long it took, or why it failed.
class background_compression {
 public:
  explicit background_compression(site& files);
  background_compression(const background_compression&) = delete;
  background_compression& operator=(const background_compression&) = delete;
  ~background_compression();

 private:
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace landing::site
