#pragma once

#include <string>
#include <string_view>

namespace landing::hex {

// Lowercase hex of every byte, two digits each: what proofs, keys and secrets are written in.
std::string lower(std::string_view bytes);

}  // namespace landing::hex
