#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "webhook/secret.hpp"

namespace landing::webhook {

// Standard Webhooks 1.0: "v1," and the base64 of HMAC-SHA256 over "id.timestamp.body" with the
// secret's bytes.
std::string sign(const secret& key, std::string_view id, std::int64_t timestamp_s,
                 std::string_view body);

// The webhook-signature header: one signature per secret, space-separated, so a receiver that
// knows either the current or the previous secret accepts it during a rotation.
std::string signature_header(const std::vector<secret>& keys, std::string_view id,
                             std::int64_t timestamp_s, std::string_view body);

}  // namespace landing::webhook
