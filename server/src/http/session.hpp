#pragma once

#include <boost/asio/awaitable.hpp>
#include <memory>

#include "http/connection.hpp"

namespace landing::http {

// Serves requests on one connection until the client leaves, a deadline passes, a limit is
// broken, or the server stops.
boost::asio::awaitable<void> run_session(std::shared_ptr<connection> conn, server_state& state);

}  // namespace landing::http
