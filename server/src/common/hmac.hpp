#pragma once

#include <string>
#include <string_view>

namespace landing {

// HMAC-SHA-256 (RFC 2104) by OpenSSL: the 32 raw bytes, and their lowercase hex. The one place
// the server keys a hash, so the proofs of work, the repeat keys and the webhook signatures
// cannot drift apart in how they call it.
std::string hmac_sha256(std::string_view key, std::string_view data);
std::string hmac_sha256_hex(std::string_view key, std::string_view data);

}  // namespace landing
