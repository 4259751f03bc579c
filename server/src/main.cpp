// Configuration and wiring only: every behaviour lives in http/, site/, leads/ and telegram/.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <iostream>
#include <thread>

#include "common/log.hpp"
#include "http/app.hpp"
#include "http/server.hpp"
#include "site/site.hpp"

namespace {

struct config {
  std::string listen = "127.0.0.1:8080";
  std::string site = "web/dist";
  std::string db = "var/leads.db";
  unsigned threads = 0;
  bool hsts = false;
  bool trust_proxy = false;
  bool debug = false;
};

// Start-up failures are one line on stderr and exit code 2, so scripts can tell them apart.
int fail(const std::string& reason) {
  std::cerr << "landing-server: " << reason << "\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  config cfg;
  CLI::App cli{"landing-server: serves the landing site and delivers its leads to Telegram"};
  cli.add_option("--listen", cfg.listen, "address:port to listen on")
      ->envname("LANDING_LISTEN")
      ->capture_default_str();
  cli.add_option("--site", cfg.site, "folder with the built site (web/dist)")
      ->envname("LANDING_SITE")
      ->capture_default_str();
  cli.add_option("--db", cfg.db, "SQLite database file for leads")
      ->envname("LANDING_DB")
      ->capture_default_str();
  cli.add_option("--threads", cfg.threads, "I/O threads (0: one per core)")
      ->envname("LANDING_THREADS");
  cli.add_flag("--hsts", cfg.hsts, "send Strict-Transport-Security (behind TLS only)")
      ->envname("LANDING_HSTS");
  cli.add_flag("--trust-proxy", cfg.trust_proxy, "take the client address from X-Forwarded-For")
      ->envname("LANDING_TRUST_PROXY");
  cli.add_flag("--debug", cfg.debug, "log every request")->envname("LANDING_DEBUG");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(e.what());
  }
  landing::log::init(cfg.debug);

  landing::site::site files;
  try {
    files = landing::site::site::load(cfg.site);
  } catch (const std::exception& e) {
    return fail(e.what());
  }

  landing::http::metrics stats;
  landing::http::app application;
  application.files = &files;
  application.stats = &stats;

  landing::http::server_options options;
  try {
    options.endpoint = landing::http::parse_endpoint(cfg.listen);
  } catch (const std::exception& e) {
    return fail(std::string("--listen: ") + e.what());
  }
  options.threads = cfg.threads ? cfg.threads : std::max(1U, std::thread::hardware_concurrency());
  options.hsts = cfg.hsts;

  try {
    landing::http::serve(options, application, [&](const auto& endpoint) {
      landing::log::info("listening", {{"address", endpoint.address().to_string()},
                                       {"port", endpoint.port()},
                                       {"files", files.size()},
                                       {"site_bytes", files.bytes()},
                                       {"threads", options.threads}});
    });
  } catch (const std::exception& e) {
    return fail(std::string("cannot listen on ") + cfg.listen + ": " + e.what());
  }
  landing::log::info("stopped");
  return 0;
}
