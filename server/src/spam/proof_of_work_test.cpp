#include "spam/proof_of_work.hpp"

#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <functional>
#include <set>
#include <vector>

#include "common/base64.hpp"
#include "spam/proof_testing.hpp"

namespace landing::spam {
namespace {

using testing::payload;
using testing::solve;

constexpr std::int64_t now = 1'800'000'000;
const proof_keys keys = keys_from("a secret the replicas share");
const challenge_settings settings{50, 40, 1200};
constexpr std::string_view nonce = "00112233445566778899aabbccddeeff";
constexpr std::string_view salt = "ffeeddccbbaa99887766554433221100";

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

// The counter is drawn evenly from the whole range, so a solver pays the same on average
// whatever order it tries counters in: the page's (0 upwards), a bot's that starts in the
// middle, or one going down from the top. Each order's mean tries over many draws is within a
// few percent of (max + 1) / 2; a range of the upper half only would give the bot from the
// middle a quarter of the work and the page three quarters.
TEST(proof_of_work, fresh_challenges_differ_and_cost_every_search_order_the_same) {
  const challenge_settings small{1, 40, 60};
  std::set<std::string> nonces;
  std::vector<std::int64_t> counters;
  for (int i = 0; i < 400; ++i) {
    const auto challenge = boost::json::parse(new_challenge(keys, small, now)).as_object();
    nonces.insert(std::string(challenge.at("parameters").at("nonce").as_string()));
    const auto counter = solve(challenge).at("counter").to_number<std::int64_t>();
    EXPECT_GE(counter, 0);
    EXPECT_LE(counter, 40);
    counters.push_back(counter);
  }
  EXPECT_EQ(nonces.size(), 400U);
  const auto mean_tries = [&](const std::function<std::int64_t(std::int64_t)>& tries) {
    double sum = 0;
    for (const auto c : counters) sum += static_cast<double>(tries(c));
    return sum / static_cast<double>(counters.size());
  };
  const double expected = 41.0 / 2;  // (max + 1) / 2, with tries counted from 1
  // From 0 up; from the middle up, then wrapping to 0; from the top down.
  const double from_zero = mean_tries([](std::int64_t c) { return c + 1; });
  const double from_middle = mean_tries([](std::int64_t c) { return (c - 20 + 41) % 41 + 1; });
  const double from_top = mean_tries([](std::int64_t c) { return 40 - c + 1; });
  for (const double each : {from_zero, from_middle, from_top}) {
    EXPECT_NEAR(each, expected, expected * 0.15)
        << from_zero << " " << from_middle << " " << from_top;
  }
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
