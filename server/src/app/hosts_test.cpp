#include "app/hosts.hpp"

#include <gtest/gtest.h>

namespace landing::app {
namespace {

TEST(hosts, an_entry_without_a_port_allows_any_port) {
  const host_policy hosts({"mintline.dev", "127.0.0.1:8080"}, "https://mintline.dev");
  for (const char* allowed :
       {"mintline.dev", "mintline.dev:443", "MintLine.DEV", "mintline.dev.", "127.0.0.1:8080"}) {
    EXPECT_TRUE(hosts.allows(allowed)) << allowed;
  }
  for (const char* refused : {"evil.example", "mintline.dev.evil.example", "evilmintline.dev",
                              "127.0.0.1", "127.0.0.1:8081", "", "[::1]:8080"}) {
    EXPECT_FALSE(hosts.allows(refused)) << refused;
  }
}

TEST(hosts, star_allows_anything) {
  EXPECT_TRUE(host_policy({"*"}, {}).allows("anything.example:1"));
}

TEST(hosts, defaults_are_the_origin_and_the_loopback_names_on_the_port) {
  const host_policy hosts(default_hosts("https://mintline.dev", "127.0.0.1", 8080), {});
  for (const char* allowed : {"mintline.dev", "127.0.0.1:8080", "localhost:8080", "[::1]:8080"}) {
    EXPECT_TRUE(hosts.allows(allowed)) << allowed;
  }
  EXPECT_FALSE(hosts.allows("localhost:9090"));
  EXPECT_FALSE(hosts.allows("192.168.1.5:8080"));
  const host_policy on_address(default_hosts("", "192.168.1.5", 80), {});
  EXPECT_TRUE(on_address.allows("192.168.1.5:80"));
  EXPECT_EQ(host_of_origin("https://mintline.dev:8443/path"), "mintline.dev:8443");
}

}  // namespace
}  // namespace landing::app
