#include "http/connection.hpp"

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace landing::http {
namespace {

// A connection from one client, waiting for a request, offered to the server.
server_state::admission admit_idle(server_state& state, boost::asio::io_context& context,
                                   std::vector<std::shared_ptr<connection>>& kept) {
  auto conn =
      std::make_shared<connection>(socket_type(context), boost::asio::ip::make_address("10.0.0.1"));
  conn->set_idle(true);
  kept.push_back(conn);
  return state.admit(conn);
}

// The closes that make room near the cap run on the connections' own threads, later. Here those
// threads never run (the io_context is not run): the room being made must still count, or a
// burst of new connections is refused while the old idle ones wait for their close.
TEST(server_state, room_being_made_near_the_cap_counts_as_made) {
  boost::asio::io_context context;
  server_state state;
  state.max_connections = 64;
  state.max_per_client = 1000;
  std::vector<std::shared_ptr<connection>> kept;
  std::size_t admitted = 0;
  for (int i = 0; i < 70; ++i) {
    if (admit_idle(state, context, kept) == server_state::admission::admitted) ++admitted;
  }
  // Every newcomer past nine tenths picked an idle one to close, so all 70 fit: the cap plus
  // room already being made.
  EXPECT_EQ(admitted, 70U);
  // But never more than a tenth over the cap, however many closes are still on their way.
  for (int i = 0; i < 20; ++i) {
    if (admit_idle(state, context, kept) == server_state::admission::admitted) ++admitted;
  }
  EXPECT_EQ(admitted, 64U + 64U / 10);
  EXPECT_EQ(state.live(), admitted);
}

// A connection picked to make room that got a request before its close ran lives on, and is
// room no longer.
TEST(server_state, a_picked_connection_that_got_busy_is_not_counted_as_room) {
  boost::asio::io_context context;
  server_state state;
  state.max_connections = 10;
  state.max_per_client = 1000;
  std::vector<std::shared_ptr<connection>> kept;
  for (int i = 0; i < 10; ++i) {
    ASSERT_EQ(admit_idle(state, context, kept), server_state::admission::admitted) << i;
  }
  // The picks (one per newcomer past 9) are all busy by the time their closes run.
  for (auto& conn : kept) conn->set_idle(false);
  context.run();
  EXPECT_EQ(admit_idle(state, context, kept), server_state::admission::server_full);
}

// Picked to make room, a connection whose request is already in its socket, unread, is not
// closed: the client sent it, and a close would lose it. One with nothing sent is closed.
TEST(server_state, a_picked_connection_whose_request_has_arrived_lives_on) {
  using tcp = boost::asio::ip::tcp;
  boost::asio::io_context context;
  server_state state;
  state.max_connections = 100;
  state.max_per_client = 1000;
  tcp::acceptor acceptor(context, tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0));
  std::vector<tcp::socket> clients;
  std::vector<std::shared_ptr<connection>> kept;
  for (int i = 0; i < 2; ++i) {
    clients.emplace_back(context).connect(acceptor.local_endpoint());
    socket_type accepted(context);
    acceptor.accept(accepted);
    kept.push_back(
        std::make_shared<connection>(std::move(accepted), acceptor.local_endpoint().address()));
    kept.back()->set_idle(true);
    ASSERT_EQ(state.admit(kept.back()), server_state::admission::admitted);
  }
  // The newer one's request arrives before either close runs; the first request of a new
  // connection can be this close behind its accept.
  const std::string request = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
  boost::asio::write(clients[1], boost::asio::buffer(request));
  for (int i = 0; i < 100 && kept[1]->socket.available() < request.size(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(kept[1]->socket.available(), request.size());
  EXPECT_EQ(state.close_oldest_idle(2), 2U);
  context.run();
  EXPECT_FALSE(kept[0]->socket.is_open());
  EXPECT_TRUE(kept[1]->socket.is_open());
}

}  // namespace
}  // namespace landing::http
