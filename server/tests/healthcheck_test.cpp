// `landing-server healthcheck`, the image's health check (issue 46): the real binary asks the
// real server, ready, draining, and not there at all.
#include <gtest/gtest.h>

#include <csignal>

#include "support.hpp"

namespace landing::testing {
namespace {

std::string listen_at(unsigned short port) { return "127.0.0.1:" + std::to_string(port); }

TEST(healthcheck, is_0_while_the_server_is_ready_and_1_once_it_drains) {
  const temp_dir dir;
  make_site(dir.path / "site");
  server_process server({"--site", (dir.path / "site").string(), "--db",
                         (dir.path / "leads.db").string(), "--drain-delay-ms", "3000"},
                        {}, dir.path / "server.log");
  const auto ready = run_binary({"healthcheck", "--listen", listen_at(server.port())});
  EXPECT_EQ(ready.exit_code, 0) << ready.output;
  EXPECT_NE(ready.output.find("ready: http://127.0.0.1:"), std::string::npos) << ready.output;

  // SIGTERM: /healthz says draining for the 3 s the server keeps serving.
  ASSERT_EQ(::kill(server.pid(), SIGTERM), 0);
  const auto said =
      read_until([&] { return http_call("GET", server.url("/healthz")).body; }, {"draining"});
  ASSERT_NE(said.find("draining"), std::string::npos) << said;
  const auto draining = run_binary({"healthcheck", "--listen", listen_at(server.port())});
  EXPECT_EQ(draining.exit_code, 1) << draining.output;
  EXPECT_NE(draining.output.find("answered 503"), std::string::npos) << draining.output;
  EXPECT_NE(draining.output.find("draining"), std::string::npos) << draining.output;
  EXPECT_EQ(server.terminate(), 0);
}

TEST(healthcheck, is_1_with_the_reason_when_nothing_listens) {
  const temp_dir dir;
  make_site(dir.path / "site");
  unsigned short port = 0;
  {
    server_process server(
        {"--site", (dir.path / "site").string(), "--db", (dir.path / "leads.db").string()}, {},
        dir.path / "server.log");
    port = server.port();
    EXPECT_EQ(server.terminate(), 0);
  }
  const auto gone = run_binary({"healthcheck", "--listen", listen_at(port)});
  EXPECT_EQ(gone.exit_code, 1) << gone.output;
  EXPECT_NE(gone.output.find("not ready: http://127.0.0.1:" + std::to_string(port)),
            std::string::npos)
      << gone.output;
}

}  // namespace
}  // namespace landing::testing
