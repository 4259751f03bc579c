#include "webhook/secret.hpp"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <stdexcept>

namespace landing::webhook {
namespace {

std::string_view trim(std::string_view text) {
  constexpr std::string_view space = " \t\r\n";
  const auto first = text.find_first_not_of(space);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(space) - first + 1);
}

}  // namespace

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
