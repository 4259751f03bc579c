// Configuration only: the command line and the environment are read into app::config, and app/
// does the rest (app/server.cpp serves; app/commands.cpp runs the operators' commands).
#include <CLI/CLI.hpp>

#include "app/command_line.hpp"
#include "app/commands.hpp"
#include "app/config.hpp"
#include "app/failure.hpp"
#include "app/server.hpp"
#include "common/log.hpp"

int main(int argc, char** argv) {
  landing::app::config cfg;
  CLI::App cli{"landing-server: serves the landing site and delivers its leads to Telegram"};
  landing::app::define_command_line(cli, cfg);
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);
  } catch (const CLI::ParseError& e) {
    return landing::app::fail(e.what());
  }
  landing::log::init(cfg.debug);
  if (cfg.what == landing::app::command::serve) return landing::app::serve(cfg);
  return landing::app::run_command(cfg);
}
