#include "app/healthcheck.hpp"

#include <gtest/gtest.h>

namespace landing::app {
namespace {

TEST(healthcheck_url, asks_the_address_the_server_listens_on) {
  EXPECT_EQ(healthcheck_url("127.0.0.1:8080"), "http://127.0.0.1:8080/healthz");
  EXPECT_EQ(healthcheck_url("10.1.2.3:9000"), "http://10.1.2.3:9000/healthz");
  EXPECT_EQ(healthcheck_url("[::1]:8081"), "http://[::1]:8081/healthz");
}

// A container listens on every address; it is asked on the loopback of the same family.
TEST(healthcheck_url, asks_a_wildcard_on_the_loopback) {
  EXPECT_EQ(healthcheck_url("0.0.0.0:8080"), "http://127.0.0.1:8080/healthz");
  EXPECT_EQ(healthcheck_url(":8080"), "http://127.0.0.1:8080/healthz");
  EXPECT_EQ(healthcheck_url("[::]:8080"), "http://[::1]:8080/healthz");
}

}  // namespace
}  // namespace landing::app
