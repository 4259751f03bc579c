#include "app/proof_secret.hpp"

#include <openssl/rand.h>

#include <array>
#include <stdexcept>

#include "app/channel_settings.hpp"
#include "common/hex.hpp"

namespace landing::app {
namespace {

// Shorter than this, a secret could be guessed offline from one signed challenge.
constexpr std::size_t min_secret_length = 32;

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

std::string drawn_secret() {
  std::array<unsigned char, 32> bytes{};
  if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) {
    throw std::runtime_error("the system's random source failed");
  }
  return hex::lower({reinterpret_cast<const char*>(bytes.data()), bytes.size()});
}

}  // namespace

std::string proof_secret_of(const config& cfg, storage::settings_role& settings) {
  auto given = trimmed(read_secret(cfg.proof_secret_file, "proof-secret"));
  if (!given.empty() || !cfg.proof_secret_file.empty()) {
    if (given.size() < min_secret_length) {
      throw std::runtime_error(
          "the proof-of-work secret (--proof-secret-file or the credential proof-secret) holds " +
          std::to_string(given.size()) + " characters; it needs at least " +
          std::to_string(min_secret_length) + " (openssl rand -hex 32 makes one)");
    }
    return given;
  }
  return settings.claim_setting("proof_secret", drawn_secret());
}

}  // namespace landing::app
