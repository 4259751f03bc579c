// Request targets: percent-decoding and the site handler behind it.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "site/handler.hpp"
#include "site/path.hpp"

using namespace landing;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const site::site files = [] {
    site::site out;
    out.add("/en/index.html", "<h1>en</h1>");
    out.add("/ru/index.html", "<h1>ru</h1>");
    out.add("/ru/404.html", "<h1>missing</h1>");
    out.add("/assets/app-x1.js", std::string(4000, 'a'));
    return out;
  }();
  const std::string_view target(reinterpret_cast<const char*>(data), size);
  if (const auto decoded = site::decode_path(target)) {
    // What decoding lets through can name nothing outside the site.
    if (decoded->empty() || decoded->front() != '/') std::abort();
    for (const char c : *decoded) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F || c == '\\') std::abort();
    }
    if (decoded->find("/../") != std::string::npos || decoded->ends_with("/..")) std::abort();
  }
  http::request req;
  req.method = "GET";
  req.target = target;
  const auto res = site::serve_site(files, req);
  if (res.status >= 500) std::abort();
  return 0;
}
