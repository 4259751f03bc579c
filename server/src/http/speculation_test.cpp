#include "http/speculation.hpp"

#include <gtest/gtest.h>

namespace landing::http {
namespace {

TEST(speculation, a_prefetch_or_prerender_purpose_is_speculative) {
  for (const auto* purpose : {"prefetch", "prefetch;prerender", "prefetch; prerender",
                              "prefetch;anonymous-client-ip", " prefetch ", "other, prefetch"}) {
    EXPECT_TRUE(is_speculative_purpose(purpose)) << purpose;
  }
}

TEST(speculation, no_purpose_or_another_one_is_a_real_request) {
  for (const auto* purpose : {"", "prefetched", "Prefetch", "prerender", "x;prefetch",
                              "\"prefetch\"", ",", "pre fetch"}) {
    EXPECT_FALSE(is_speculative_purpose(purpose)) << purpose;
  }
}

}  // namespace
}  // namespace landing::http
