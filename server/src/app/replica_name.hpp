#pragma once

#include <string>

namespace landing::app {

// Who this process is among the replicas, in claims, the chat's turn and the logs: the host,
// the process id and a random part, new at each start.
std::string replica_name();

}  // namespace landing::app
