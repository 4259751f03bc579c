#include "minted_proof.hpp"

#include <openssl/evp.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>

#include "common/base64.hpp"
#include "spam/proof_of_work.hpp"

namespace landing::testing {
namespace {

std::string random_hex(std::size_t bytes) {
  static thread_local std::mt19937_64 draw{std::random_device{}()};
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < bytes * 2; ++i) out.push_back(digits[draw() % 16]);
  return out;
}

std::string bytes_of(std::string_view hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    out.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  }
  return out;
}

}  // namespace

const std::string& test_proof_secret_file() {
  static const std::string path = [] {
    const auto file = std::filesystem::temp_directory_path() /
                      ("landing-test-proof-secret-" + std::to_string(::getpid()));
    std::ofstream(file) << test_proof_secret << '\n';
    // Gone with the binary: an exit handler, as the file outlives no test that needs it.
    std::atexit([] {
      std::error_code ignored;
      std::filesystem::remove(std::filesystem::temp_directory_path() /
                                  ("landing-test-proof-secret-" + std::to_string(::getpid())),
                              ignored);
    });
    return file.string();
  }();
  return path;
}

std::string minted_proof(std::string_view secret, int iterations) {
  const auto now_s = std::chrono::duration_cast<std::chrono::seconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
  const std::uint32_t counter = 1;
  const auto nonce = random_hex(16);
  const auto salt = random_hex(16);
  const auto challenge = boost::json::parse(spam::challenge_with(
      spam::keys_from(secret), {iterations, 2, 600}, now_s, counter, nonce, salt));
  // The solver's one successful try, straight from the protocol.
  auto password = bytes_of(nonce);
  password.append({0, 0, 0, static_cast<char>(counter)});
  const auto salt_bytes = bytes_of(salt);
  unsigned char key[32];
  PKCS5_PBKDF2_HMAC(password.data(), static_cast<int>(password.size()),
                    reinterpret_cast<const unsigned char*>(salt_bytes.data()),
                    static_cast<int>(salt_bytes.size()), iterations, EVP_sha256(), sizeof key, key);
  static constexpr char digits[] = "0123456789abcdef";
  std::string derived;
  for (const auto b : key) {
    derived.push_back(digits[b >> 4]);
    derived.push_back(digits[b & 0xf]);
  }
  return base64_encode(boost::json::serialize(boost::json::object{
      {"challenge", challenge},
      {"solution", boost::json::object{{"counter", counter}, {"derivedKey", derived}}}}));
}

std::string with_minted_proof(const std::string& body) {
  boost::system::error_code failed;
  const auto value = boost::json::parse(body, failed);
  if (failed || !value.is_object() || value.as_object().contains("altcha")) return body;
  // Inserted as text, so the rest of the body (odd spacing, repeated keys) reaches the server as
  // the test wrote it.
  const auto brace = body.find('{');
  return body.substr(0, brace + 1) + R"("altcha":")" + minted_proof() + '"' +
         (value.as_object().empty() ? "" : ",") + body.substr(brace + 1);
}

}  // namespace landing::testing
