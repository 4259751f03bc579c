#include "webhook/signature.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "common/base64.hpp"

namespace landing::webhook {

std::string sign(const secret& key, std::string_view id, std::int64_t timestamp_s,
                 std::string_view body) {
  std::string content;
  content.reserve(id.size() + body.size() + 24);
  content.append(id).append(".").append(std::to_string(timestamp_s)).append(".").append(body);
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  HMAC(EVP_sha256(), key.key.data(), static_cast<int>(key.key.size()),
       reinterpret_cast<const unsigned char*>(content.data()), content.size(), digest, &size);
  return "v1," + base64_encode(std::string_view(reinterpret_cast<const char*>(digest), size));
}

std::string signature_header(const std::vector<secret>& keys, std::string_view id,
                             std::int64_t timestamp_s, std::string_view body) {
  std::string out;
  for (const auto& key : keys) {
    if (!out.empty()) out += ' ';
    out += sign(key, id, timestamp_s, body);
  }
  return out;
}

}  // namespace landing::webhook
