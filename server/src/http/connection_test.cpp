#include "http/connection.hpp"

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <memory>
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

}  // namespace
}  // namespace landing::http
