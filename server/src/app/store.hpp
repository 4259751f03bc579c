#pragma once

#include "app/config.hpp"
#include "storage/open.hpp"

namespace landing::app {

// The engines' settings from the command line.
storage::engine_options store_options(const config& cfg);

}  // namespace landing::app
