#include "common/hmac.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <array>
#include <stdexcept>

#include "common/hex.hpp"

namespace landing {

std::string hmac_sha256(std::string_view key, std::string_view data) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  if (HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
           reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest.data(),
           &size) == nullptr) {
    throw std::runtime_error("OpenSSL's HMAC-SHA-256 failed");
  }
  return {reinterpret_cast<const char*>(digest.data()), size};
}

std::string hmac_sha256_hex(std::string_view key, std::string_view data) {
  return hex::lower(hmac_sha256(key, data));
}

}  // namespace landing
