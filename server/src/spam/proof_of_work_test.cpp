#include "spam/proof_of_work.hpp"

#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <set>

#include "common/base64.hpp"

namespace landing::spam {
namespace {

constexpr std::int64_t now = 1'800'000'000;
const proof_keys keys = keys_from("a secret the replicas share");
const challenge_settings settings{50, 40, 1200};
constexpr std::string_view nonce = "00112233445566778899aabbccddeeff";
constexpr std::string_view salt = "ffeeddccbbaa99887766554433221100";

std::string bytes_of(std::string_view hex) {
  std::string out;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    out.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  }
  return out;
}

// A solver of its own, straight from the protocol: PBKDF2 of nonce + counter (4 bytes, big
// endian), tried from 0 until the key starts with the prefix.
boost::json::object solve(const boost::json::object& challenge) {
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

std::string payload(const boost::json::object& challenge, const boost::json::object& solution) {
  return base64_encode(boost::json::serialize(
      boost::json::object{{"challenge", challenge}, {"solution", solution}}));
}

boost::json::object fixed_challenge(std::uint32_t counter = 27) {
  return boost::json::parse(challenge_with(keys, settings, now, counter, nonce, salt)).as_object();
}

TEST(proof_of_work, a_challenge_is_altcha_libs_shape_signed_over_its_sorted_parameters) {
  const auto challenge = fixed_challenge();
  const auto& p = challenge.at("parameters").as_object();
  EXPECT_EQ(p.at("algorithm").as_string(), "PBKDF2/SHA-256");
  EXPECT_EQ(p.at("cost").as_int64(), 50);
  EXPECT_EQ(p.at("keyLength").as_int64(), 32);
  EXPECT_EQ(p.at("expiresAt").as_int64(), now + 1200);
  EXPECT_EQ(p.at("keyPrefix").as_string().size(), 32U) << "half of the 32-byte key, in hex";
  EXPECT_EQ(p.at("nonce").as_string(), nonce);
  EXPECT_EQ(p.at("salt").as_string(), salt);
  EXPECT_EQ(challenge.at("signature").as_string().size(), 64U);
  // The keys in the order JSON.stringify(sortKeys(…)) writes them.
  std::vector<std::string> order;
  for (const auto& entry : p) order.emplace_back(entry.key());
  EXPECT_TRUE(std::is_sorted(order.begin(), order.end()));
}

TEST(proof_of_work, the_drawn_counter_is_the_solution_and_its_proof_is_valid_once_checked) {
  const auto challenge = fixed_challenge(27);
  const auto solution = solve(challenge);
  EXPECT_EQ(solution.at("counter").to_number<std::int64_t>(), 27);
  const auto checked = check_proof(payload(challenge, solution), keys, now + 60);
  EXPECT_EQ(checked.verdict, proof_verdict::valid);
  EXPECT_EQ(checked.nonce, nonce);
  EXPECT_EQ(checked.expires_at_s, now + 1200);
}

TEST(proof_of_work, fresh_challenges_differ_and_draw_their_counter_from_the_upper_half) {
  const challenge_settings small{1, 40, 60};
  std::set<std::string> nonces;
  for (int i = 0; i < 20; ++i) {
    const auto challenge = boost::json::parse(new_challenge(keys, small, now)).as_object();
    nonces.insert(std::string(challenge.at("parameters").at("nonce").as_string()));
    const auto counter = solve(challenge).at("counter").to_number<std::int64_t>();
    EXPECT_GE(counter, 20);
    EXPECT_LE(counter, 40);
  }
  EXPECT_EQ(nonces.size(), 20U);
}

TEST(proof_of_work, an_expired_challenge_is_said_to_be_expired) {
  const auto challenge = fixed_challenge();
  EXPECT_EQ(check_proof(payload(challenge, solve(challenge)), keys, now + 1200).verdict,
            proof_verdict::valid)
      << "valid through its last second";
  EXPECT_EQ(check_proof(payload(challenge, solve(challenge)), keys, now + 1201).verdict,
            proof_verdict::expired);
}

TEST(proof_of_work, anything_changed_or_foreign_is_invalid) {
  const auto challenge = fixed_challenge();
  const auto solution = solve(challenge);
  const auto verdict = [](const std::string& text) { return check_proof(text, keys, now).verdict; };
  // Each parameter changed, the expiry moved later among them: the signature no longer holds.
  for (const auto* field : {"algorithm", "cost", "expiresAt", "keyLength", "keyPrefix",
                            "keySignature", "nonce", "salt"}) {
    auto changed = challenge;
    auto& value = changed["parameters"].as_object()[field];
    if (value.is_string()) {
      std::string text(value.as_string());
      text[0] = text[0] == 'a' ? 'b' : 'a';
      value = text;
    } else {
      value = value.as_int64() + 1;
    }
    EXPECT_EQ(verdict(payload(changed, solution)), proof_verdict::invalid) << field;
  }
  auto extra = challenge;
  extra["parameters"].as_object()["data"] = boost::json::object{{"a", 1}};
  EXPECT_EQ(verdict(payload(extra, solution)), proof_verdict::invalid) << "an added parameter";
  auto resigned = challenge;
  resigned["signature"] = std::string(64, '0');
  EXPECT_EQ(verdict(payload(resigned, solution)), proof_verdict::invalid);
  // Another server's secret.
  EXPECT_EQ(check_proof(payload(challenge, solution), keys_from("another secret"), now).verdict,
            proof_verdict::invalid);
  // A wrong answer, a key in capitals, a counter out of range, keys missing.
  auto wrong = solution;
  wrong["derivedKey"] = std::string(64, 'a');
  EXPECT_EQ(verdict(payload(challenge, wrong)), proof_verdict::invalid);
  auto upper = solution;
  std::string capitals(solution.at("derivedKey").as_string());
  for (auto& c : capitals) c = char(std::toupper(static_cast<unsigned char>(c)));
  upper["derivedKey"] = capitals;
  EXPECT_EQ(verdict(payload(challenge, upper)), proof_verdict::invalid);
  for (const auto& counter : {boost::json::value(-1), boost::json::value(4294967296LL),
                              boost::json::value(1.5), boost::json::value("27")}) {
    auto odd = solution;
    odd["counter"] = counter;
    EXPECT_EQ(verdict(payload(challenge, odd)), proof_verdict::invalid) << counter;
  }
  for (const auto* missing : {"derivedKey", "counter"}) {
    auto partial = solution;
    partial.erase(missing);
    EXPECT_EQ(verdict(payload(challenge, partial)), proof_verdict::invalid) << missing;
  }
  // Not a payload at all.
  for (const auto& junk : std::vector<std::string>{
           "", "not base64!", base64_encode("not json"), base64_encode("[]"),
           base64_encode(R"({"challenge":1,"solution":{}})"),
           base64_encode(R"({"challenge":{"parameters":[]},"solution":{}})")}) {
    EXPECT_EQ(verdict(junk), proof_verdict::invalid) << junk;
  }
}

TEST(proof_of_work, the_two_keys_differ_from_each_other_and_from_the_secret) {
  const auto k = keys_from("s3cret");
  EXPECT_NE(k.signature, k.key_signature);
  EXPECT_EQ(k.signature.size(), 64U);
  EXPECT_EQ(k.signature.find("s3cret"), std::string::npos);
  EXPECT_EQ(keys_from("s3cret").signature, k.signature) << "every replica derives the same";
}

}  // namespace
}  // namespace landing::spam
