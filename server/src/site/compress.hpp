#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace landing::site {

// Both return nothing when compression fails; callers then serve the identity bytes.
std::optional<std::string> brotli_compress(std::string_view data, int quality);
std::optional<std::string> gzip_compress(std::string_view data);

}  // namespace landing::site
