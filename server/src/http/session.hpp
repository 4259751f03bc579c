#pragma once

#include <memory>

#include "http/connection.hpp"
#include "http/deadlines.hpp"

namespace landing::http {

// Serves requests on one connection until the client leaves, a deadline passes, a limit is
// broken, or the server stops. `deadlines` is the watch of the thread the connection lives on.
task<void> run_session(std::shared_ptr<connection> conn, server_state& state,
                       deadline_watch& deadlines);

}  // namespace landing::http
