#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "storage/lead.hpp"

namespace landing::webhook {

// A delivery's body is at most this: receivers (and the proxies before them) refuse larger ones.
inline constexpr std::size_t body_max_bytes = std::size_t{20} * 1024;

// {"type":"lead.created","timestamp":"…","data":{id, created_at, locale, name, social, email,
// message, source}}, with the attempt's time as timestamp. A body that would pass the limit
// (a long message in a four-byte script) carries the message cut to fit, and "truncated": true.
std::string lead_body(const storage::lead& item, std::int64_t now_ms);
// What `webhook test` sends: {"type":"ping","timestamp":"…","data":{"message":…}}.
std::string ping_body(std::int64_t now_ms);
// An alert from another channel (delivery/alerts.hpp): {"type":"alert",…,"data":{"text":…}}.
std::string alert_body(const std::string& text, std::int64_t now_ms);

// RFC 3339 in UTC with milliseconds, as Standard Webhooks' examples write it.
std::string rfc3339(std::int64_t unix_ms);

}  // namespace landing::webhook
