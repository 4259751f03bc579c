#pragma once

#include <string>
#include <string_view>

// Proofs of work for the tests, as the page's script would send them (spam/proof_of_work.hpp).
// Every server a test starts signs with the tests' secret and asks the least work (one PBKDF2
// iteration, a counter of 1 or 2), unless the test sets LANDING_PROOF_* itself; so a test can mint
// a valid proof without asking the server for a challenge.
namespace landing::testing {

inline constexpr std::string_view test_proof_secret = "the tests' proof-of-work secret, 32+ chars";

// A file holding test_proof_secret, made once for the test binary.
const std::string& test_proof_secret_file();

// A fresh, valid proof (the `altcha` field's value) under `secret`, solved here.
std::string minted_proof(std::string_view secret = test_proof_secret, int iterations = 1);

// The JSON object `body` with a minted proof in its `altcha` field, unless it has one already or
// is not a JSON object (then it is returned as it came).
std::string with_minted_proof(const std::string& body);

}  // namespace landing::testing
