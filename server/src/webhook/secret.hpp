#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace landing::webhook {

// Standard Webhooks' secret: "whsec_" and the base64 of 24 to 64 random bytes. The key is the
// decoded bytes; the text form is what the receiver is given.
struct secret {
  std::string key;  // raw bytes
};

struct parsed_secret {
  std::optional<secret> value;
  std::string error;  // what is wrong with it, for the operator; never the secret itself
};

inline constexpr std::string_view secret_prefix = "whsec_";
inline constexpr std::size_t secret_min_bytes = 24;
inline constexpr std::size_t secret_max_bytes = 64;

// Surrounding whitespace (a file's trailing newline) is ignored.
parsed_secret parse_secret(std::string_view text);
// A fresh secret of 32 bytes from the system's CSPRNG, in its text form.
std::string new_secret();

}  // namespace landing::webhook
