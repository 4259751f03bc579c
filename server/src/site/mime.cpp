#include "site/mime.hpp"

#include <array>
#include <utility>

#include "site/speculation_rules.hpp"

namespace landing::site {
namespace {

constexpr std::array<std::pair<std::string_view, mime_type>, 30> types{{
    {".html", {"text/html; charset=utf-8", true}},
    {".js", {"text/javascript; charset=utf-8", true}},
    {".mjs", {"text/javascript; charset=utf-8", true}},
    {".css", {"text/css; charset=utf-8", true}},
    {".json", {"application/json; charset=utf-8", true}},
    {".map", {"application/json; charset=utf-8", true}},
    {".webmanifest", {"application/manifest+json", true}},
    {".txt", {"text/plain; charset=utf-8", true}},
    {".xml", {"application/xml; charset=utf-8", true}},
    {".svg", {"image/svg+xml", true}},
    {".ico", {"image/x-icon", true}},
    {".wasm", {"application/wasm", true}},
    {".glb", {"model/gltf-binary", true}},
    {".gltf", {"model/gltf+json", true}},
    {".bin", {"application/octet-stream", true}},
    {".png", {"image/png", false}},
    {".jpg", {"image/jpeg", false}},
    {".jpeg", {"image/jpeg", false}},
    {".gif", {"image/gif", false}},
    {".webp", {"image/webp", false}},
    {".avif", {"image/avif", false}},
    {".mp4", {"video/mp4", false}},
    {".webm", {"video/webm", false}},
    {".mp3", {"audio/mpeg", false}},
    {".ogg", {"audio/ogg", false}},
    {".woff2", {"font/woff2", false}},
    {".woff", {"font/woff", false}},
    {".ttf", {"font/ttf", true}},
    {".otf", {"font/otf", true}},
    {".pdf", {"application/pdf", false}},
}};

}  // namespace

mime_type mime_for(std::string_view path) {
  // JSON by its name, but browsers act on the rules only under their own type.
  if (path == speculation_rules_path) return {speculation_rules_type, true};
  const auto slash = path.rfind('/');
  const auto dot = path.rfind('.');
  if (dot != std::string_view::npos && (slash == std::string_view::npos || dot > slash)) {
    const auto ext = path.substr(dot);
    for (const auto& [known, type] : types) {
      if (ext.size() == known.size()) {
        bool same = true;
        for (std::size_t i = 0; i < ext.size(); ++i) {
          const char c = ext[i] >= 'A' && ext[i] <= 'Z' ? char(ext[i] - 'A' + 'a') : ext[i];
          same = same && c == known[i];
        }
        if (same) return type;
      }
    }
  }
  return {"application/octet-stream", false};
}

}  // namespace landing::site
