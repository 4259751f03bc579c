#pragma once

#include <string>
#include <vector>

// What the build writes about the site beside it, in .site.json (web/scripts/prerender.mjs): a
// dotfile, read from disk and never served. The server learns these from the site it serves,
// not from its compiled code, so a new build needs no new binary.
namespace landing::site {

// The origin the site was built for; empty when unknown.
std::string built_origin(const std::string& site_dir);

// The CSP sources ('sha256-…') of the pages' inline scripts, which the build hashed from the
// pages it wrote; none when the site names none (or has no .site.json). Throws
// std::runtime_error naming the file and the entry when one is not a SHA-256 source: a page
// whose script the policy refused would lose what the script does, silently.
std::vector<std::string> built_script_sources(const std::string& site_dir);

}  // namespace landing::site
