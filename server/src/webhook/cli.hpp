#pragma once

#include <ostream>

#include "webhook/channel.hpp"

// The webhook's own commands; each returns the process exit code.
namespace landing::webhook::cli {

// Prints a fresh secret (whsec_…), for --webhook-secret-file.
int new_secret(std::ostream& out);
// Sends a signed ping to the configured URL and prints what came back: 0 for a 2xx, else 1, so
// a receiver that answers pings but would refuse leads is not taken for working.
int test(const channel_options& options, std::ostream& out, std::ostream& err);

}  // namespace landing::webhook::cli
