#pragma once

#include <string>

namespace landing::app {

// Start-up failures are one line on stderr and exit code 2, so scripts can tell them apart.
// The reason never carries a database URI's password, whatever it quotes (CLI11 repeats the
// arguments it did not expect).
int fail(const std::string& reason);

}  // namespace landing::app
