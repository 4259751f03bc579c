// /metrics and the detail of /healthz are the operator's (docs/server.md, The operator's views):
// a request made on this machine straight to the replica gets them; anyone else, and anyone
// through a proxy, gets 404 for the metrics and only the replica's readiness from /healthz. The
// deploy tests check the same through the real Caddy.
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/json/parse.hpp>

#include "support.hpp"

namespace landing::testing {
namespace {

class operator_views : public ::testing::Test {
 protected:
  void SetUp() override {
    make_site(dir.path / "site");
    server = std::make_unique<server_process>(
        std::vector<std::string>{"--site", (dir.path / "site").string(), "--db",
                                 (dir.path / "leads.db").string(), "--trust-proxy", "127.0.0.1/32"},
        std::map<std::string, std::string>{}, dir.path / "server.log");
  }
  // A raw request from `source`, so the peer address is the one given.
  http_reply get(const std::string& path, const std::string& extra = {},
                 const std::string& source = "127.0.0.1") {
    const auto text = "GET " + path +
                      " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(server->port()) + "\r\n" +
                      extra + "Connection: close\r\n\r\n";
    const int fd = raw_connection_from(source, server->port(), text);
    EXPECT_GE(fd, 0);
    const auto bytes = read_raw(fd).bytes;
    ::close(fd);
    http_reply out;
    const auto codes = statuses(bytes);
    out.status = codes.empty() ? 0 : codes.front();
    const auto body = bytes.find("\r\n\r\n");
    out.body = body == std::string::npos ? "" : bytes.substr(body + 4);
    return out;
  }

  temp_dir dir;
  std::unique_ptr<server_process> server;
};

TEST_F(operator_views, a_request_made_here_straight_to_the_replica_gets_the_detail) {
  for (const auto* source : {"127.0.0.1", "127.0.0.9"}) {
    const auto metrics = get("/metrics", {}, source);
    EXPECT_EQ(metrics.status, 200) << source;
    EXPECT_NE(metrics.body.find("landing_leads_total"), std::string::npos) << source;
    const auto health = get("/healthz", {}, source);
    EXPECT_EQ(health.status, 200) << source;
    const auto body = boost::json::parse(health.body).as_object();
    for (const auto* key : {"outbox_depth", "channels", "database", "leader"}) {
      EXPECT_TRUE(body.contains(key)) << key << " in " << health.body;
    }
  }
}

// A proxy on this machine forwards visitors: whatever the client claims, and even when the
// client is this machine too, the answer is a visitor's.
TEST_F(operator_views, anything_forwarded_gets_no_metrics_and_only_the_readiness) {
  for (const auto* line : {"X-Forwarded-For: 203.0.113.9\r\n", "X-Forwarded-For: 127.0.0.1\r\n",
                           "X-Forwarded-For: ::1\r\n", "x-forwarded-for: 10.0.0.7\r\n",
                           "Forwarded: for=127.0.0.1\r\n", "X-Forwarded-For: 2001:db8::5\r\n"}) {
    const auto metrics = get("/metrics", line);
    EXPECT_EQ(metrics.status, 404) << line;
    EXPECT_EQ(metrics.body.find("landing_"), std::string::npos) << line;
    const auto health = get("/healthz", line);
    EXPECT_EQ(health.status, 200) << line;
    EXPECT_EQ(health.body, R"({"status":"ok"})") << line;
  }
}

}  // namespace
}  // namespace landing::testing
