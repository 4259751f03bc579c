#include "webhook/signature.hpp"

#include "common/base64.hpp"
#include "common/hmac.hpp"

namespace landing::webhook {

std::string sign(const secret& key, std::string_view id, std::int64_t timestamp_s,
                 std::string_view body) {
  std::string content;
  content.reserve(id.size() + body.size() + 24);
  content.append(id).append(".").append(std::to_string(timestamp_s)).append(".").append(body);
  return "v1," + base64_encode(hmac_sha256(key.key, content));
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
