#pragma once

#include <atomic>
#include <cstddef>
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

// Decode a compressed form read from disk, for checking it against the file it stands for.
// Nothing comes back when the data is corrupt or decodes to more than `limit` bytes.
std::optional<std::string> brotli_decompress(std::string_view data, std::size_t limit);
std::optional<std::string> gzip_decompress(std::string_view data, std::size_t limit);

}  // namespace landing::site
