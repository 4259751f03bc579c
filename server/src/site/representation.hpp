#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "site/body_file.hpp"
#include "site/site.hpp"

// A file's stored forms as site.cpp and site_load.cpp make them: its bytes, their hash and the
// header lines formatted once.
namespace landing::site {

// `file`, when valid, holds the bytes (with their `hash`); else `body` does, and a large one is
// moved into a memfd of its own.
representation make_representation(std::string body, body_file file, std::uint64_t hash,
                                   std::string_view path, std::string_view encoding, bool varies);

// A file of the site with its identity form.
std::unique_ptr<asset> make_asset(const std::string& path, std::string body, body_file file = {},
                                  std::uint64_t hash = 0);

}  // namespace landing::site
