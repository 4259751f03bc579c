#include "common/form_decode.hpp"

#include <gtest/gtest.h>

namespace landing {
namespace {

TEST(form_decode, plus_is_a_space_and_percent_escapes_are_bytes) {
  EXPECT_EQ(form_decode("a+b%20c%2Bd"), "a b c+d");
  EXPECT_EQ(form_decode("%D0%90"), "\xD0\x90");
  EXPECT_EQ(url_decode("a+b%20c%2Bd"), "a b c+d");
}

TEST(form_decode, a_broken_escape_fails_a_form_but_stays_text_in_a_url) {
  for (const char* broken : {"%", "%4", "%zz", "a%g1", "100%"}) {
    EXPECT_FALSE(form_decode(broken)) << broken;
    EXPECT_EQ(url_decode(broken), broken) << broken;
  }
  EXPECT_EQ(url_decode("50%zz%41"), "50%zzA");
}

}  // namespace
}  // namespace landing
