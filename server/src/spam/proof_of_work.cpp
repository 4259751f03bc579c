#include "spam/proof_of_work.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <algorithm>
#include <array>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

#include "common/base64.hpp"
#include "common/hex.hpp"
#include "common/hmac.hpp"

namespace landing::spam {
namespace {

constexpr std::string_view algorithm = "PBKDF2/SHA-256";
constexpr int key_length = 32;
// altcha-lib's default in deterministic mode: half the key, so only the drawn counter matches.
constexpr int prefix_length = key_length / 2;

// Lowercase hex of whole bytes only, as every solver writes it (altcha-lib refuses the rest).
std::optional<std::string> unhex(std::string_view text) {
  if (text.size() % 2 != 0) return std::nullopt;
  std::string out;
  out.reserve(text.size() / 2);
  const auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const int high = digit(text[i]);
    const int low = digit(text[i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    out.push_back(static_cast<char>(high * 16 + low));
  }
  return out;
}

bool same(std::string_view a, std::string_view b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string random_hex(std::size_t bytes) {
  std::vector<unsigned char> raw(bytes);
  if (RAND_bytes(raw.data(), static_cast<int>(raw.size())) != 1) {
    throw std::runtime_error("the system's random source failed");
  }
  return hex::lower({reinterpret_cast<const char*>(raw.data()), raw.size()});
}

// The key for one try: PBKDF2-HMAC-SHA-256 of the nonce's bytes and the counter as 4 bytes,
// big-endian (altcha-lib's "uint32" counter mode), salted with the salt's bytes.
std::string derive_key(std::string_view nonce, std::string_view salt, std::uint32_t counter,
                       int iterations) {
  std::string password(nonce);
  for (int shift = 24; shift >= 0; shift -= 8) {
    password.push_back(static_cast<char>((counter >> shift) & 0xff));
  }
  std::string key(key_length, '\0');
  if (PKCS5_PBKDF2_HMAC(password.data(), static_cast<int>(password.size()),
                        reinterpret_cast<const unsigned char*>(salt.data()),
                        static_cast<int>(salt.size()), iterations, EVP_sha256(), key_length,
                        reinterpret_cast<unsigned char*>(key.data())) != 1) {
    throw std::runtime_error("PBKDF2 failed");
  }
  return key;
}

// JavaScript's JSON.stringify of the value with every object's keys sorted: what altcha-lib
// signs (canonicalJSON). Numbers this server writes are integers, printed alike by both; any
// other number is written by Boost, and a challenge that holds one was not signed here anyway.
void canonical(const boost::json::value& value, std::string& out) {
  if (const auto* object = value.if_object()) {
    std::vector<std::string_view> keys;
    keys.reserve(object->size());
    for (const auto& entry : *object) keys.push_back(entry.key());
    std::sort(keys.begin(), keys.end());
    out.push_back('{');
    bool first = true;
    for (const auto key : keys) {
      if (!first) out.push_back(',');
      first = false;
      out += boost::json::serialize(boost::json::string(key));
      out.push_back(':');
      canonical(object->at(key), out);
    }
    out.push_back('}');
  } else if (const auto* array = value.if_array()) {
    out.push_back('[');
    for (std::size_t i = 0; i < array->size(); ++i) {
      if (i > 0) out.push_back(',');
      canonical((*array)[i], out);
    }
    out.push_back(']');
  } else if (const auto* number = value.if_double(); number && std::isfinite(*number) &&
                                                     std::trunc(*number) == *number &&
                                                     std::fabs(*number) < 1e15) {
    out += std::to_string(static_cast<std::int64_t>(*number));
  } else {
    out += boost::json::serialize(value);
  }
}

std::string signed_challenge(const proof_keys& keys, const boost::json::object& parameters) {
  std::string text;
  canonical(parameters, text);
  return boost::json::serialize(
      boost::json::object{{"parameters", boost::json::parse(text)},
                          {"signature", hmac_sha256_hex(keys.signature, text)}});
}

const boost::json::string* text_at(const boost::json::object& object, std::string_view key) {
  const auto* found = object.if_contains(key);
  return found ? found->if_string() : nullptr;
}

std::optional<std::int64_t> integer_at(const boost::json::object& object, std::string_view key) {
  const auto* found = object.if_contains(key);
  if (!found) return std::nullopt;
  if (const auto* i = found->if_int64()) return *i;
  if (const auto* u = found->if_uint64();
      u && *u <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
    return static_cast<std::int64_t>(*u);
  }
  return std::nullopt;
}

}  // namespace

proof_keys keys_from(std::string_view secret) {
  return {hmac_sha256_hex(secret, "altcha challenge signature"),
          hmac_sha256_hex(secret, "altcha derived key signature"),
          hmac_sha256_hex(secret, "repeated message key")};
}

std::string challenge_with(const proof_keys& keys, const challenge_settings& settings,
                           std::int64_t now_s, std::uint32_t counter, std::string_view nonce,
                           std::string_view salt) {
  const auto key = derive_key(*unhex(nonce), *unhex(salt), counter, settings.iterations);
  return signed_challenge(
      keys, {{"algorithm", algorithm},
             {"cost", settings.iterations},
             {"expiresAt", now_s + settings.lifetime_s},
             {"keyLength", key_length},
             {"keyPrefix", hex::lower(std::string_view(key).substr(0, prefix_length))},
             {"keySignature", hmac_sha256_hex(keys.key_signature, key)},
             {"nonce", nonce},
             {"salt", salt}});
}

std::string new_challenge(const proof_keys& keys, const challenge_settings& settings,
                          std::int64_t now_s) {
  std::uint32_t draw = 0;
  if (RAND_bytes(reinterpret_cast<unsigned char*>(&draw), sizeof draw) != 1) {
    throw std::runtime_error("the system's random source failed");
  }
  // Even over the whole range (the modulo's bias is below one in 2^32 / max_counter).
  const std::uint32_t counter =
      static_cast<std::uint32_t>(draw % (std::uint64_t{settings.max_counter} + 1));
  return challenge_with(keys, settings, now_s, counter, random_hex(16), random_hex(16));
}

checked_proof check_proof(std::string_view payload, const proof_keys& keys, std::int64_t now_s) {
  checked_proof out;
  const auto json = base64_decode(payload);
  if (!json) return out;
  boost::system::error_code failed;
  const auto root = boost::json::parse(*json, failed);
  if (failed || !root.is_object()) return out;
  const auto* challenge = root.as_object().if_contains("challenge");
  const auto* solution = root.as_object().if_contains("solution");
  if (!challenge || !challenge->is_object() || !solution || !solution->is_object()) return out;
  const auto* parameters = challenge->as_object().if_contains("parameters");
  const auto* signature = text_at(challenge->as_object(), "signature");
  if (!parameters || !parameters->is_object() || !signature) return out;
  const auto& params = parameters->as_object();

  std::string text;
  canonical(params, text);
  if (!same(hmac_sha256_hex(keys.signature, text), *signature)) return out;
  // Signed here, so these are as this server wrote them; still, nothing is taken on trust.
  const auto expires = integer_at(params, "expiresAt");
  const auto* nonce = text_at(params, "nonce");
  const auto* key_signature = text_at(params, "keySignature");
  if (!expires || !nonce || !key_signature) return out;
  if (*expires < now_s) {
    out.verdict = proof_verdict::expired;
    return out;
  }
  const auto* derived = text_at(solution->as_object(), "derivedKey");
  const auto counter = integer_at(solution->as_object(), "counter");
  if (!derived || !counter || *counter < 0 ||
      *counter > std::numeric_limits<std::uint32_t>::max()) {
    return out;
  }
  const auto key = unhex(*derived);
  if (!key || key->empty() || !same(hmac_sha256_hex(keys.key_signature, *key), *key_signature)) {
    return out;
  }
  out.verdict = proof_verdict::valid;
  out.nonce = nonce->c_str();
  out.expires_at_s = *expires;
  return out;
}

std::string_view verdict_name(proof_verdict verdict) {
  switch (verdict) {
    case proof_verdict::valid:
      return "valid";
    case proof_verdict::expired:
      return "expired";
    case proof_verdict::invalid:
      break;
  }
  return "invalid";
}

}  // namespace landing::spam
