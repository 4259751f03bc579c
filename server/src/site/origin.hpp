#pragma once

#include <string>

namespace landing::site {

// The origin the site was built for, from the .site.json the build writes beside it
// (web/scripts/prerender.mjs); empty when unknown.
std::string built_origin(const std::string& site_dir);

}  // namespace landing::site
