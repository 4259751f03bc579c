#pragma once

#include <cstdint>
#include <string>
#include <string_view>

// ALTCHA's proof of work, version 2 (https://altcha.org; the reference is the npm package
// altcha-lib 2.x, whose own solver and verifier the tests run against this code both ways). A
// challenge asks for the counter whose PBKDF2-SHA-256 key, from the challenge's nonce and that
// counter, starts with a given half of a key: the server drew the counter and derived the key
// once; the browser tries counters from 0 until it finds it. Verifying costs one HMAC: the
// challenge carries the key's own signature ("deterministic mode").
//
// Written over OpenSSL rather than with altcha-lib-cpp: that library is neither packaged by
// Debian nor on npm, the two registries this project installs from, and version 2's whole
// verifier is two HMACs and a canonical JSON, here. PBKDF2 (not version 1's single SHA-256 a try)
// keeps a GPU's lead over a phone small.
namespace landing::spam {

// The two HMAC keys, as altcha-lib's hmacSignatureSecret and hmacKeySignatureSecret: text, used
// as the UTF-8 bytes of a key. Both come from the one secret the replicas share.
struct proof_keys {
  std::string signature;
  std::string key_signature;
  std::string repeats;  // keys a message's words for the repeats rule (spam/repeats.hpp)
};
// "<hex of HMAC-SHA-256(secret, label)>" for each label: a secret of any form gives three
// unrelated keys, and the secret itself is never an HMAC key of a public message.
proof_keys keys_from(std::string_view secret);

struct challenge_settings {
  int iterations = 0;  // PBKDF2 iterations of one try: the server pays it once a challenge
  // The counter is drawn evenly from [0, max_counter]: whatever order a solver tries counters in
  // (the page's from 0, a bot's from the middle or at random), it needs (max_counter + 1) / 2
  // tries on average. A range that left out the low half would let a solver that starts there
  // pay a third of what the page pays.
  std::uint32_t max_counter = 0;
  std::int64_t lifetime_s = 0;  // how long a challenge may be solved and sent
};

// A fresh challenge as altcha-lib's Challenge JSON: {"parameters":{…},"signature":"…"}.
std::string new_challenge(const proof_keys& keys, const challenge_settings& settings,
                          std::int64_t now_s);
// The same with a given counter and random bytes, for the tests' fixed vectors.
std::string challenge_with(const proof_keys& keys, const challenge_settings& settings,
                           std::int64_t now_s, std::uint32_t counter, std::string_view nonce,
                           std::string_view salt);

// What a posted proof is worth. `required` is the caller's (no proof at all).
enum class proof_verdict { valid, invalid, expired };

struct checked_proof {
  proof_verdict verdict = proof_verdict::invalid;
  // Valid: the challenge's nonce, which a store marks spent until the challenge expires.
  std::string nonce;
  std::int64_t expires_at_s = 0;
};

// Checks a proof as the widget posts it: the base64 of
// {"challenge":{"parameters":{…},"signature":"…"},"solution":{"counter":n,"derivedKey":"…"}}.
// In order: the shape, the challenge's signature (so "expired" is said only of a challenge this
// server signed), its expiry, the solution's form, and the derived key's signature. Whether the
// nonce was spent already is the store's question.
checked_proof check_proof(std::string_view payload, const proof_keys& keys, std::int64_t now_s);

// The verdict's name in answers and metrics: "valid", "invalid", "expired".
std::string_view verdict_name(proof_verdict verdict);

}  // namespace landing::spam
