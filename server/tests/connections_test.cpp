// Running out of descriptors or connection slots: the server sheds load instead of spinning, a
// single address cannot take every slot, and a new visitor still gets the page.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <set>
#include <sstream>

#include "support.hpp"

namespace landing::testing {
namespace {

using namespace std::chrono_literals;

class connections : public ::testing::Test {
 protected:
  void SetUp() override { make_site(dir.path / "site"); }
  void TearDown() override {
    for (const int fd : held) ::close(fd);
  }
  std::unique_ptr<server_process> start(std::vector<std::string> extra,
                                        std::vector<std::string> prefix = {}) {
    std::vector<std::string> args{"--site", (dir.path / "site").string(), "--db",
                                  (dir.path / "leads.db").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return std::make_unique<server_process>(args, std::map<std::string, std::string>{},
                                            dir.path / "server.log", prefix);
  }
  // Opens `n` connections from `source` that send nothing; returns how many were refused (got
  // an answer and a close right away).
  int hold(const std::string& source, unsigned short port, int n) {
    int refused = 0;
    for (int i = 0; i < n; ++i) {
      const int fd = raw_connection_from(source, port, "");
      ASSERT_GE_OR_COUNT(fd);
      const auto reply = read_raw(fd, 5ms);
      if (reply.closed) {
        ++refused;
        ::close(fd);
      } else {
        held.push_back(fd);
      }
    }
    return refused;
  }
  // The number the process's next descriptor gets: the lowest not open. With the soft limit one
  // above it, that descriptor is the process's last.
  static int lowest_free_descriptor(const std::string& pid) {
    std::set<int> open;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/" + pid + "/fd")) {
      open.insert(std::stoi(entry.path().filename().string()));
    }
    int lowest = 0;
    while (open.contains(lowest)) ++lowest;
    return lowest;
  }
  static void ASSERT_GE_OR_COUNT(int fd) { EXPECT_GE(fd, 0); }
  std::size_t closed_by_server() {
    std::size_t closed = 0;
    for (const int fd : held) {
      if (read_raw(fd, 1ms).closed) ++closed;
    }
    return closed;
  }

  temp_dir dir;
  std::vector<int> held;
};

TEST_F(connections, one_address_cannot_hold_more_than_its_share) {
  auto server = start({"--max-connections-per-client", "5", "--trust-proxy", "127.0.0.3/32"});
  EXPECT_EQ(hold("127.0.0.2", server->port(), 5), 0);
  // The sixth from the same address is told to slow down and closed.
  const int extra = raw_connection_from("127.0.0.2", server->port(), "");
  const auto reply = read_raw(extra, 2000ms);
  ::close(extra);
  EXPECT_TRUE(reply.closed);
  EXPECT_EQ(statuses(reply.bytes), std::vector<int>{429}) << reply.bytes;
  // Others are not affected, and a proxy, which speaks for many clients, has no such cap.
  EXPECT_EQ(http_call("GET", server->url("/en")).status, 200);
  EXPECT_EQ(hold("127.0.0.3", server->port(), 20), 0);
  EXPECT_EQ(closed_by_server(), 0U);
}

TEST_F(connections, near_the_cap_the_longest_idle_connections_make_room) {
  auto server = start({"--max-connections", "40"});
  EXPECT_EQ(hold("127.0.0.2", server->port(), 35), 0);
  EXPECT_EQ(hold("127.0.0.4", server->port(), 30), 0);
  // A newcomer is served at once; the first idle connections went to make room for it.
  EXPECT_EQ(http_call("GET", server->url("/en")).status, 200);
  EXPECT_GE(closed_by_server(), 25U);
}

TEST_F(connections, a_low_descriptor_limit_caps_connections_below_it) {
  auto server = start({}, {"prlimit", "--nofile=128:128", "--"});
  EXPECT_NE(server->output().find("connections_capped"), std::string::npos);
  EXPECT_EQ(hold("127.0.0.2", server->port(), 120), 0);
  EXPECT_EQ(hold("127.0.0.4", server->port(), 120), 0);
  EXPECT_EQ(http_call("GET", server->url("/en")).status, 200);
  EXPECT_EQ(server->output().find("accept_failed"), std::string::npos) << server->output();
}

// The limit lowered under a running server: accept fails for want of descriptors. It used to
// retry at once, forever, at full CPU, with nothing in the log.
TEST_F(connections, out_of_descriptors_it_backs_off_logs_once_sheds_and_recovers) {
  auto server = start({});
  // Compressing the site takes a second of CPU by itself; the measure below is of the accepts.
  ASSERT_TRUE(server->wait_for_event("site_compressed"));
  const auto pid = std::to_string(server->pid());
  // Twenty descriptors left. Only the soft limit: raising a hard one back would need
  // CAP_SYS_RESOURCE.
  const auto limit = lowest_free_descriptor(pid) + 20;
  ASSERT_EQ(run_command({"prlimit", "--pid", pid, "--nofile=" + std::to_string(limit) + ":"}), 0);
  hold("127.0.0.2", server->port(), 60);
  const auto cpu_before = server->cpu_time();
  std::this_thread::sleep_for(2s);
  // Waiting, not spinning: well under a second of CPU in two seconds of trouble.
  EXPECT_LT(server->cpu_time() - cpu_before, 500ms);
  // The oldest idle connections were closed to free descriptors, so a newcomer gets in.
  EXPECT_EQ(http_call("GET", server->url("/en")).status, 200) << server->output();
  // One line per shortage, however many accepts failed in it: a new line only after the log said
  // the last one was over.
  const auto count = [](const std::string& text, const std::string& event) {
    std::size_t n = 0;
    for (auto at = text.find(event); at != std::string::npos; at = text.find(event, at + 1)) ++n;
    return n;
  };
  const auto log = server->output();
  EXPECT_GE(count(log, "accept_failed"), 1U) << log;
  EXPECT_LE(count(log, "accept_failed"), count(log, "accept_recovered") + 1) << log;
  // Back up to the hard limit ("Max open files  <soft>  <hard>  files" in /proc/<pid>/limits).
  const auto limits = read_all("/proc/" + pid + "/limits");
  const auto line = limits.substr(limits.find("Max open files"));
  std::istringstream fields(line.substr(std::string("Max open files").size()));
  std::string soft;
  std::string hard;
  fields >> soft >> hard;
  ASSERT_EQ(run_command({"prlimit", "--pid", pid, "--nofile=" + hard + ":"}), 0) << hard;
  std::this_thread::sleep_for(2500ms);  // the shortage is over once accepts work for a while
  EXPECT_EQ(hold("127.0.0.4", server->port(), 30), 0);
  EXPECT_EQ(http_call("GET", server->url("/en")).status, 200);
  EXPECT_NE(server->output().find("accept_recovered"), std::string::npos);
  EXPECT_EQ(server->terminate(), 0);
}

// At the limit with no one waiting, accept still fails: it takes a descriptor before it looks for
// a connection. The server used to take that for a shortage and close every idle connection,
// the one it had just taken too, before that one's first request came.
TEST_F(connections, at_the_limit_the_connection_just_taken_is_served) {
  auto server = start({});
  ASSERT_TRUE(server->wait_for_event("site_compressed"));
  const auto pid = std::to_string(server->pid());
  // Settled: the start-up's own files closed, as two looks a moment apart agree.
  auto last = lowest_free_descriptor(pid);
  for (int i = 0; i < 50; ++i) {
    std::this_thread::sleep_for(100ms);
    const auto again = lowest_free_descriptor(pid);
    if (again == last) break;
    last = again;
  }
  // One descriptor left, for the connection below.
  ASSERT_EQ(run_command({"prlimit", "--pid", pid, "--nofile=" + std::to_string(last + 1) + ":"}),
            0);
  const int fd = raw_connection_from("127.0.0.2", server->port(), "");
  ASSERT_GE(fd, 0);
  held.push_back(fd);
  std::this_thread::sleep_for(300ms);  // a visitor's first request can come this late
  // Taken and still open, the connection holds the last descriptor.
  EXPECT_GT(lowest_free_descriptor(pid), last);
  const std::string request =
      "GET /en HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(server->port()) +
      "\r\nConnection: close\r\n\r\n";
  ASSERT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL),
            static_cast<ssize_t>(request.size()));
  const auto reply = read_raw(fd);
  EXPECT_EQ(statuses(reply.bytes), std::vector<int>{200}) << server->output();
  EXPECT_EQ(server->output().find("accept_failed"), std::string::npos) << server->output();
}

}  // namespace
}  // namespace landing::testing
