#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace landing::http {

// Draco's decoder compiles WebAssembly inside a blob: worker, hence 'wasm-unsafe-eval' and
// worker-src blob:; besides, only the hashes of the pages' own inline scripts relax script-src
// (content_security_policy_with, below). No manifest-src: it would only repeat
// default-src 'self', and WebKitGTK (GNOME Web) logs an unknown-directive error for it.
inline constexpr std::string_view content_security_policy =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; "
    "connect-src 'self'; media-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'";

// The policy with the given script sources ('sha256-…' of the pages' inline scripts, which the
// site's build names: site/manifest.hpp) allowed besides 'self'. The landing pages have one,
// which decides before the first paint whether the intro plays (web/src/lib/introOnce.ts); a
// hash allows that script and nothing else, where 'unsafe-inline' would allow any.
std::string content_security_policy_with(const std::vector<std::string>& script_sources);

// The content editor at /admin/ (Sveltia CMS, web/scripts/build-admin.mjs): Svelte styles it
// with inline <style> elements, its logo is a data: URL it also fetches, uploads are previewed
// from blob: URLs, and it talks to GitHub's API for the studio's repository (and to GitHub's
// status page, to say so when GitHub is down). Still no inline and no foreign script; its fonts
// are the site's own. Only /admin/ gets it.
inline constexpr std::string_view editor_content_security_policy =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob: https://avatars.githubusercontent.com; "
    "media-src 'self' data: blob:; font-src 'self' data:; "
    "connect-src 'self' data: blob: https://api.github.com https://www.githubstatus.com; "
    "worker-src 'self' blob:; frame-src 'self' blob:; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'";

inline constexpr std::string_view permissions_policy =
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=()";

// Two years, subdomains, and the preload list's consent: what hstspreload.org and the MDN HTTP
// Observatory ask for.
inline constexpr std::string_view hsts_value = "max-age=63072000; includeSubDomains; preload";

// The header lines (each ending in CRLF) that go on every response, 404s and API answers
// included. Built once at start-up, appended to each response head.
std::string security_header_block(bool hsts, std::string_view csp = content_security_policy);

}  // namespace landing::http
