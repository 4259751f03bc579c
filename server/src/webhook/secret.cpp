#include "webhook/secret.hpp"

#include <openssl/rand.h>

#include <stdexcept>

#include "common/base64.hpp"

namespace landing::webhook {
namespace {

std::string_view trim(std::string_view text) {
  constexpr std::string_view space = " \t\r\n";
  const auto first = text.find_first_not_of(space);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(space) - first + 1);
}

}  // namespace

parsed_secret parse_secret(std::string_view text) {
  text = trim(text);
  if (text.empty()) return {std::nullopt, "the secret is empty"};
  if (!text.starts_with(secret_prefix)) {
    return {std::nullopt,
            "a Standard Webhooks secret starts with whsec_ (`landing-server webhook "
            "new-secret` prints one)"};
  }
  const auto key = base64_decode(text.substr(secret_prefix.size()));
  if (!key) return {std::nullopt, "the part after whsec_ is not base64"};
  if (key->size() < secret_min_bytes || key->size() > secret_max_bytes) {
    return {std::nullopt, "the secret holds " + std::to_string(key->size()) +
                              " bytes; Standard Webhooks asks for 24 to 64"};
  }
  return {secret{*key}, {}};
}

std::string new_secret() {
  std::string key(32, '\0');
  if (RAND_bytes(reinterpret_cast<unsigned char*>(key.data()), static_cast<int>(key.size())) != 1) {
    throw std::runtime_error("the system's random source failed");
  }
  return std::string(secret_prefix) + base64_encode(key);
}

}  // namespace landing::webhook
