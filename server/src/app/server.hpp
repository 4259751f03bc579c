#pragma once

#include "app/config.hpp"

namespace landing::app {

// Serves the site and takes leads until SIGINT or SIGTERM; the exit code (2 with one line on
// stderr when it cannot start).
int serve(const config& cfg);

}  // namespace landing::app
