#include "http/deadlines.hpp"

#include <gtest/gtest.h>

#include <array>
#include <boost/asio/buffer.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <memory>
#include <optional>

#include "http/connection.hpp"

namespace landing::http {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

// A connected pair: the client end, and the server end wrapped as a connection.
struct socket_pair {
  explicit socket_pair(asio::io_context& context, tcp::acceptor& acceptor) : client(context) {
    client.connect(acceptor.local_endpoint());
    conn = std::make_shared<connection>(acceptor.accept(context.get_executor()),
                                        boost::asio::ip::address_v4::loopback());
  }
  tcp::socket client;
  std::shared_ptr<connection> conn;
};

TEST(deadline_watch, closes_only_the_connection_whose_deadline_passed) {
  asio::io_context context{1};
  tcp::acceptor acceptor(context, {asio::ip::make_address("127.0.0.1"), 0});
  socket_pair late(context, acceptor);
  socket_pair patient(context, acceptor);
  socket_pair working(context, acceptor);

  deadline_watch watch;
  std::atomic<bool> stopping{false};
  auto entries = std::make_unique<std::array<std::optional<deadline_watch::entry>, 3>>();
  (*entries)[0].emplace(watch, *late.conn);
  (*entries)[1].emplace(watch, *patient.conn);
  (*entries)[2].emplace(watch, *working.conn);
  late.conn->expires_after(50ms);
  patient.conn->expires_after(1h);
  working.conn->expires_never();
  asio::co_spawn(context, watch.run(stopping), asio::detached);

  const auto start = std::chrono::steady_clock::now();
  std::chrono::steady_clock::duration waited{};
  boost::system::error_code late_error;
  bool others_open = false;
  char byte = 0;
  late.conn->socket.async_read_some(asio::buffer(&byte, 1), [&](auto ec, std::size_t) {
    late_error = ec;
    waited = std::chrono::steady_clock::now() - start;
    others_open = patient.conn->socket.is_open() && working.conn->socket.is_open();
    entries.reset();
    stopping = true;
  });
  context.run_for(5s);

  EXPECT_EQ(late_error, asio::error::operation_aborted);
  EXPECT_GE(waited, 50ms);
  EXPECT_LT(waited, 50ms + deadline_watch::tick + 1s);  // a tick late at most, plus a slow CI
  EXPECT_TRUE(others_open);
  EXPECT_TRUE(context.stopped()) << "the watch ends once stopping is set and nothing is left";
}

}  // namespace
}  // namespace landing::http
