#include "common/hmac.hpp"

#include <gtest/gtest.h>

#include <string>

#include "common/hex.hpp"

namespace landing {
namespace {

// RFC 4231's test cases 1, 2 and 6 (a key longer than the block, hashed first).
TEST(hmac_sha256, gives_the_rfc_4231_digests) {
  EXPECT_EQ(hmac_sha256_hex(std::string(20, '\x0b'), "Hi There"),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  EXPECT_EQ(hmac_sha256_hex("Jefe", "what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  EXPECT_EQ(hmac_sha256_hex(std::string(131, '\xaa'),
                            "Test Using Larger Than Block-Size Key - Hash Key First"),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
  EXPECT_EQ(hmac_sha256("Jefe", "what do ya want for nothing?").size(), 32U);
}

TEST(hex, writes_every_byte_as_two_lowercase_digits) {
  EXPECT_EQ(hex::lower(""), "");
  EXPECT_EQ(hex::lower(std::string("\x00\x0f\xa5\xff", 4)), "000fa5ff");
}

}  // namespace
}  // namespace landing
