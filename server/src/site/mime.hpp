#pragma once

#include <string_view>

namespace landing::site {

struct mime_type {
  std::string_view content_type;
  bool compressible;  // already-compressed formats (images, video, woff2) gain nothing
};

// By file extension, covering every asset type the build emits; unknown ones are binary.
mime_type mime_for(std::string_view path);

}  // namespace landing::site
