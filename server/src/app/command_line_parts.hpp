#pragma once

#include <CLI/CLI.hpp>

#include "app/config.hpp"

// The parts of landing-server's command line, one file each (app/command_line.cpp joins them).
namespace landing::app {

// A subcommand's callback that makes `what` the command to run.
inline auto choose(config& cfg, command what) {
  return [&cfg, what] { cfg.what = what; };
}

// Listening, the site, the database, limits, retention and measurement.
void define_server_options(CLI::App& cli, config& cfg);
// The channels a lead is delivered through (Telegram, webhook, mail) and the chat's desk.
void define_channel_options(CLI::App& cli, config& cfg);
// Proofs of work: their secret, cost and limits.
void define_proof_options(CLI::App& cli, config& cfg);
// `leads …`: the operators' commands on leads, a data subject's requests among them.
void define_lead_commands(CLI::App& cli, config& cfg);
// `webhook …`, `migrate-db`, `vitals report`, `digest preview` and `backup`.
void define_tool_commands(CLI::App& cli, config& cfg);

}  // namespace landing::app
