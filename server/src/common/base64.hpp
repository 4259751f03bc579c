#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace landing {

// Standard base64 with padding (RFC 4648 section 4), as webhook signatures and secrets and the
// proofs of work use. Decoding refuses anything else: another alphabet, a length that is not a
// multiple of four, stray characters.
std::string base64_encode(std::string_view bytes);
std::optional<std::string> base64_decode(std::string_view text);

}  // namespace landing
