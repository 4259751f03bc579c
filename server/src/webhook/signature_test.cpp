#include "webhook/signature.hpp"

#include <gtest/gtest.h>

#include "common/base64.hpp"

namespace landing::webhook {
namespace {

// The example of the Standard Webhooks specification (and of its reference libraries' tests).
constexpr const char* spec_secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
constexpr const char* spec_id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
constexpr std::int64_t spec_timestamp = 1614265330;
constexpr const char* spec_body = R"({"test": 2432232314})";
constexpr const char* spec_signature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

TEST(signature, matches_the_specifications_example) {
  const auto key = parse_secret(spec_secret);
  ASSERT_TRUE(key.value) << key.error;
  EXPECT_EQ(sign(*key.value, spec_id, spec_timestamp, spec_body), spec_signature);
}

TEST(signature, changes_with_every_part_it_covers) {
  const auto key = *parse_secret(spec_secret).value;
  const auto base = sign(key, spec_id, spec_timestamp, spec_body);
  EXPECT_NE(sign(key, "msg_other", spec_timestamp, spec_body), base);
  EXPECT_NE(sign(key, spec_id, spec_timestamp + 1, spec_body), base);
  EXPECT_NE(sign(key, spec_id, spec_timestamp, R"({"test": 2432232315})"), base);
  EXPECT_NE(sign(*parse_secret(new_secret()).value, spec_id, spec_timestamp, spec_body), base);
}

TEST(signature, a_rotation_carries_both_signatures_current_first) {
  const auto current = *parse_secret(spec_secret).value;
  const auto previous = *parse_secret(new_secret()).value;
  EXPECT_EQ(signature_header({current, previous}, spec_id, spec_timestamp, spec_body),
            std::string(spec_signature) + " " + sign(previous, spec_id, spec_timestamp, spec_body));
}

TEST(secret, takes_24_to_64_bytes_behind_whsec_and_says_what_is_wrong_otherwise) {
  EXPECT_TRUE(parse_secret(new_secret()).value);
  EXPECT_TRUE(parse_secret("  " + new_secret() + "\n").value) << "a file's newline is ignored";
  EXPECT_TRUE(parse_secret("whsec_" + base64_encode(std::string(24, 'k'))).value);
  EXPECT_TRUE(parse_secret("whsec_" + base64_encode(std::string(64, 'k'))).value);
  for (const auto& [text, says] : std::vector<std::pair<std::string, std::string>>{
           {"", "empty"},
           {"MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "starts with whsec_"},
           {"whsec_not base64!", "not base64"},
           {"whsec_abc", "not base64"},
           {"whsec_" + base64_encode(std::string(23, 'k')), "holds 23 bytes"},
           {"whsec_" + base64_encode(std::string(65, 'k')), "holds 65 bytes"},
       }) {
    const auto parsed = parse_secret(text);
    EXPECT_FALSE(parsed.value) << text;
    EXPECT_NE(parsed.error.find(says), std::string::npos) << parsed.error;
    if (text.size() > 10) {
      EXPECT_EQ(parsed.error.find(text.substr(6)), std::string::npos) << "never the secret";
    }
  }
}

TEST(secret, base64_round_trips_every_length) {
  std::string bytes;
  for (int size = 0; size < 70; ++size) {
    EXPECT_EQ(base64_decode(base64_encode(bytes)).value_or("?"), size ? bytes : "?") << size;
    bytes += static_cast<char>(size * 37);
  }
}

}  // namespace
}  // namespace landing::webhook
