#include "common/base64.hpp"

#include <openssl/evp.h>

namespace landing {

std::string base64_encode(std::string_view bytes) {
  std::string out(4 * ((bytes.size() + 2) / 3), '\0');
  const int written = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                      reinterpret_cast<const unsigned char*>(bytes.data()),
                                      static_cast<int>(bytes.size()));
  out.resize(static_cast<std::size_t>(written));
  return out;
}

std::optional<std::string> base64_decode(std::string_view text) {
  if (text.empty() || text.size() % 4 != 0) return std::nullopt;
  if (text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") !=
      std::string_view::npos) {
    return std::nullopt;
  }
  std::string out(3 * text.size() / 4, '\0');
  const int written = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                      reinterpret_cast<const unsigned char*>(text.data()),
                                      static_cast<int>(text.size()));
  if (written < 0) return std::nullopt;
  // EVP_DecodeBlock counts the padding's bytes as data: take them off.
  std::size_t size = static_cast<std::size_t>(written);
  if (text.ends_with("==")) {
    size -= 2;
  } else if (text.ends_with('=')) {
    size -= 1;
  }
  out.resize(size);
  return out;
}

}  // namespace landing
