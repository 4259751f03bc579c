#pragma once

#include <CLI/CLI.hpp>

#include "app/config.hpp"

namespace landing::app {

// Every option (each with its environment variable) and every subcommand of landing-server,
// bound to `cfg`: after cli.parse, cfg holds the settings and cfg.what the command to run.
void define_command_line(CLI::App& cli, config& cfg);

}  // namespace landing::app
