#pragma once

#include <string_view>

namespace landing::site {

enum class encoding { identity, br, gzip };

// Picks the stored variant the client accepts with the highest q; brotli wins ties because it
// is smaller. q=0 refuses an encoding, "*" stands for any not named.
encoding choose_encoding(std::string_view accept_encoding, bool have_br, bool have_gzip);

}  // namespace landing::site
