#pragma once

#include <cstdio>
#include <string>

#include "vitals/beacon.hpp"

// Beacons for the vitals tests (header-only, used by tests alone).
namespace landing::vitals::testing {

inline std::string one_decimal(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

// A valid beacon body: LCP, INP and CLS with targets, and TTFB.
inline std::string beacon_body(const std::string& locale = "en",
                               const std::string& device = "mobile", double lcp_ms = 1800.5) {
  return R"({"v":1,"route":"/:locale","locale":")" + locale + R"(","device":")" + device +
         R"(","effectiveType":"4g","metrics":[)" + R"({"name":"LCP","value":)" +
         one_decimal(lcp_ms) + R"(,"rating":")" +
         std::string(rating_name(rate(metric::lcp, lcp_ms))) +
         R"(","navigationType":"navigate","target":"main>h1"},)" +
         R"({"name":"INP","value":120,"rating":"good","navigationType":"navigate","target":"#menu>button","interactionType":"pointer"},)" +
         R"({"name":"CLS","value":0.02,"rating":"good","navigationType":"navigate","target":"section.cases"},)" +
         R"({"name":"TTFB","value":90.5,"rating":"good","navigationType":"navigate"}]})";
}

inline beacon parsed_beacon(const std::string& locale = "en", const std::string& device = "mobile",
                            double lcp_ms = 1800.5) {
  return *parse_beacon(beacon_body(locale, device, lcp_ms)).ok;
}

}  // namespace landing::vitals::testing
