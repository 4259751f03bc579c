#pragma once

// A solver of the tests' own for proofs of work (spam/proof_of_work.hpp), and the payload a
// page sends: shared by the unit tests that need a solved proof.
#include <openssl/evp.h>

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <string>
#include <string_view>

#include "common/base64.hpp"

namespace landing::spam::testing {

inline std::string bytes_of(std::string_view hex) {
  std::string out;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    out.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  }
  return out;
}

// A solver of its own, straight from the protocol: PBKDF2 of nonce + counter (4 bytes, big
// endian), tried from 0 until the key starts with the prefix.
inline boost::json::object solve(const boost::json::object& challenge) {
  const auto& p = challenge.at("parameters").as_object();
  const auto n = bytes_of(p.at("nonce").as_string());
  const auto s = bytes_of(p.at("salt").as_string());
  const auto prefix = std::string(p.at("keyPrefix").as_string());
  for (std::uint32_t counter = 0;; ++counter) {
    auto password = n;
    for (int shift = 24; shift >= 0; shift -= 8)
      password.push_back(char((counter >> shift) & 0xff));
    unsigned char key[32];
    PKCS5_PBKDF2_HMAC(password.data(), int(password.size()),
                      reinterpret_cast<const unsigned char*>(s.data()), int(s.size()),
                      int(p.at("cost").as_int64()), EVP_sha256(), 32, key);
    std::string hex;
    for (const auto b : key) {
      static constexpr char d[] = "0123456789abcdef";
      hex += d[b >> 4];
      hex += d[b & 0xf];
    }
    if (hex.starts_with(prefix)) return {{"counter", counter}, {"derivedKey", hex}};
  }
}

inline std::string payload(const boost::json::object& challenge,
                           const boost::json::object& solution) {
  return base64_encode(boost::json::serialize(
      boost::json::object{{"challenge", challenge}, {"solution", solution}}));
}

// The payload of a challenge (as new_challenge gives it) solved.
inline std::string solved_payload(const std::string& challenge) {
  const auto parsed = boost::json::parse(challenge).as_object();
  return payload(parsed, solve(parsed));
}

}  // namespace landing::spam::testing
