#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <string_view>

namespace landing::site {

// Both return nothing when compression fails; callers then serve the identity bytes. Brotli at
// quality 11 needs seconds for a large bundle, so it checks `stop` between chunks and gives up
// when it is set (shutdown must not wait for it).
std::optional<std::string> brotli_compress(std::string_view data, int quality,
                                           const std::atomic<bool>* stop = nullptr);
std::optional<std::string> gzip_compress(std::string_view data);

}  // namespace landing::site
