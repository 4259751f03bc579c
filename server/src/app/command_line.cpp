#include "app/command_line.hpp"

#include "app/command_line_parts.hpp"

namespace landing::app {

void define_command_line(CLI::App& cli, config& cfg) {
  define_server_options(cli, cfg);
  define_channel_options(cli, cfg);
  define_proof_options(cli, cfg);
  define_lead_commands(cli, cfg);
  define_tool_commands(cli, cfg);
}

}  // namespace landing::app
