// Configuration and wiring only: every behaviour lives in http/, site/, leads/ and telegram/.
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include "common/log.hpp"
#include "http/app.hpp"
#include "http/server.hpp"
#include "leads/cli.hpp"
#include "leads/contact_endpoint.hpp"
#include "leads/health.hpp"
#include "leads/rate_limit.hpp"
#include "leads/writer.hpp"
#include "site/site.hpp"
#include "telegram/bot_client.hpp"
#include "telegram/outbox.hpp"

namespace {

struct config {
  std::string listen = "127.0.0.1:8080";
  std::string site = "web/dist";
  std::string db = "var/leads.db";
  unsigned threads = 0;
  std::size_t max_connections = 10000;
  bool hsts = false;
  bool trust_proxy = false;
  bool debug = false;
  double rate_burst = 5;
  double rate_per_minute = 1;
  long backoff_base_ms = 1000;
  long backoff_cap_ms = 60000;
  long delivery_timeout_ms = 10000;
  std::string leads_status;
  std::string lead_id;
};

struct telegram_config {
  std::string token;
  std::string chat_id;
  std::string api_base = "https://api.telegram.org";
  [[nodiscard]] bool configured() const { return !token.empty() && !chat_id.empty(); }
};

// Secrets come from the environment only, never from flags that show up in `ps`.
telegram_config telegram_from_env() {
  telegram_config out;
  const auto read = [](const char* name) {
    const char* value = std::getenv(name);
    return value ? std::string(value) : std::string();
  };
  out.token = read("TELEGRAM_BOT_TOKEN");
  out.chat_id = read("TELEGRAM_CHAT_ID");
  if (auto base = read("TELEGRAM_API_BASE"); !base.empty()) out.api_base = std::move(base);
  return out;
}

// Start-up failures are one line on stderr and exit code 2, so scripts can tell them apart.
int fail(const std::string& reason) {
  std::cerr << "landing-server: " << reason << "\n";
  return 2;
}

void define_options(CLI::App& cli, config& cfg) {
  cli.add_option("--listen", cfg.listen, "address:port to listen on")
      ->envname("LANDING_LISTEN")
      ->capture_default_str();
  cli.add_option("--site", cfg.site, "folder with the built site")
      ->envname("LANDING_SITE")
      ->capture_default_str();
  cli.add_option("--db", cfg.db, "SQLite database file for leads")
      ->envname("LANDING_DB")
      ->capture_default_str();
  cli.add_option("--threads", cfg.threads, "I/O threads (0: one per core)")
      ->envname("LANDING_THREADS");
  cli.add_option("--max-connections", cfg.max_connections, "open connections at most")
      ->envname("LANDING_MAX_CONNECTIONS")
      ->capture_default_str();
  cli.add_flag("--hsts", cfg.hsts, "send Strict-Transport-Security (behind TLS only)")
      ->envname("LANDING_HSTS");
  cli.add_flag("--trust-proxy", cfg.trust_proxy, "take the client address from X-Forwarded-For")
      ->envname("LANDING_TRUST_PROXY");
  cli.add_flag("--debug", cfg.debug, "log every request")->envname("LANDING_DEBUG");
  cli.add_option("--rate-limit-burst", cfg.rate_burst, "leads a client may send at once")
      ->envname("LANDING_RATE_LIMIT_BURST")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--rate-limit-per-minute", cfg.rate_per_minute, "leads a client regains a minute")
      ->envname("LANDING_RATE_LIMIT_PER_MINUTE")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--delivery-backoff-base-ms", cfg.backoff_base_ms, "first retry delay")
      ->envname("LANDING_DELIVERY_BACKOFF_BASE_MS")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--delivery-backoff-cap-ms", cfg.backoff_cap_ms, "longest retry delay")
      ->envname("LANDING_DELIVERY_BACKOFF_CAP_MS")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--delivery-timeout-ms", cfg.delivery_timeout_ms, "deadline of one Bot API call")
      ->envname("LANDING_DELIVERY_TIMEOUT_MS")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
}

int serve(const config& cfg) {
  landing::site::site files;
  try {
    files = landing::site::site::load(cfg.site);
  } catch (const std::exception& e) {
    return fail(e.what());
  }

  landing::http::server_options options;
  try {
    options.endpoint = landing::http::parse_endpoint(cfg.listen);
  } catch (const std::exception& e) {
    return fail(std::string("--listen: ") + e.what());
  }
  options.threads = cfg.threads ? cfg.threads : std::max(1U, std::thread::hardware_concurrency());
  options.hsts = cfg.hsts;
  options.max_connections = cfg.max_connections;

  const auto telegram = telegram_from_env();
  landing::http::metrics stats;
  std::unique_ptr<landing::leads::health> probe;
  std::unique_ptr<landing::telegram::outbox_worker> outbox;
  std::unique_ptr<landing::leads::lead_writer> writer;
  try {
    probe = std::make_unique<landing::leads::health>(cfg.db, telegram.configured());
    if (telegram.configured()) {
      landing::leads::lead_store(cfg.db).release_held();
      landing::telegram::outbox_options delivery;
      delivery.backoff = {std::chrono::milliseconds(cfg.backoff_base_ms),
                          std::chrono::milliseconds(cfg.backoff_cap_ms)};
      auto client = std::make_shared<landing::telegram::bot_client>(
          telegram.api_base, telegram.token, telegram.chat_id,
          std::chrono::milliseconds(cfg.delivery_timeout_ms));
      outbox = std::make_unique<landing::telegram::outbox_worker>(
          cfg.db,
          [client](const std::string& text, const std::atomic<bool>& cancel) {
            return client->send(text, &cancel);
          },
          delivery, stats);
    } else {
      landing::log::warn("telegram_not_configured",
                         {{"effect",
                           "leads are stored as held until a restart with "
                           "TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID"}});
    }
    writer =
        std::make_unique<landing::leads::lead_writer>(cfg.db, !telegram.configured(), [&outbox] {
          if (outbox) outbox->notify();
        });
  } catch (const std::exception& e) {
    return fail(std::string("database ") + cfg.db + ": " + e.what());
  }

  landing::leads::rate_limiter limiter(cfg.rate_burst, cfg.rate_per_minute);
  landing::leads::contact_endpoint contact(*writer, limiter, files, stats, cfg.trust_proxy);
  landing::http::app application;
  application.files = &files;
  application.stats = &stats;
  application.contact = &contact;
  application.healthz = [&] { return probe->healthz(); };
  application.metrics_page = [&] { return probe->metrics_page(stats); };

  // Started only now, so the exits above are not held up by compression.
  std::atomic<bool> stop_compressing{false};
  std::thread compressor([&files, &stop_compressing] {
    const auto started = std::chrono::steady_clock::now();
    files.compress_all({}, stop_compressing);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
    if (!stop_compressing) landing::log::info("site_compressed", {{"seconds", took.count()}});
  });
  struct compressor_guard {
    std::atomic<bool>& stop;
    std::thread& thread;
    ~compressor_guard() {
      stop = true;
      thread.join();
    }
  } const join_compressor{stop_compressing, compressor};

  try {
    landing::http::serve(options, application, [&](const auto& endpoint) {
      landing::log::info("listening", {{"address", endpoint.address().to_string()},
                                       {"port", endpoint.port()},
                                       {"files", files.size()},
                                       {"site_bytes", files.bytes()},
                                       {"threads", options.threads},
                                       {"telegram", telegram.configured()}});
    });
  } catch (const std::exception& e) {
    return fail(std::string("cannot listen on ") + cfg.listen + ": " + e.what());
  }
  // In-flight requests are done; commit what they queued, then let the outbox finish its send.
  writer->stop();
  if (outbox) outbox->stop();
  landing::log::info("stopped");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  config cfg;
  CLI::App cli{"landing-server: serves the landing site and delivers its leads to Telegram"};
  define_options(cli, cfg);
  auto* leads = cli.add_subcommand("leads", "operators' commands on the lead database");
  leads->require_subcommand(1);
  leads->fallthrough();
  auto* list = leads->add_subcommand("list", "list leads")->fallthrough();
  list->add_option("--status", cfg.leads_status, "pending, held, spam, delivered or failed");
  auto* show = leads->add_subcommand("show", "show one lead")->fallthrough();
  show->add_option("id", cfg.lead_id)->required();
  auto* retry = leads->add_subcommand("retry", "deliver a failed lead again")->fallthrough();
  retry->add_option("id", cfg.lead_id)->required();
  auto* export_leads = leads->add_subcommand("export", "all leads as CSV")->fallthrough();
  bool csv = false;
  export_leads->add_flag("--csv", csv, "CSV (the only format)")->required();
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(e.what());
  }
  landing::log::init(cfg.debug);

  std::error_code ec;
  if (const auto parent = std::filesystem::path(cfg.db).parent_path(); !parent.empty()) {
    std::filesystem::create_directories(parent, ec);
    if (ec) return fail("cannot create " + parent.string() + ": " + ec.message());
  }
  if (!leads->parsed()) return serve(cfg);

  try {
    landing::leads::lead_store store(cfg.db);
    namespace leads_cli = landing::leads::cli;
    if (list->parsed()) return leads_cli::list(store, cfg.leads_status, std::cout);
    if (show->parsed()) return leads_cli::show(store, cfg.lead_id, std::cout, std::cerr);
    if (retry->parsed()) return leads_cli::retry(store, cfg.lead_id, std::cout, std::cerr);
    return leads_cli::export_csv(store, std::cout);
  } catch (const std::exception& e) {
    return fail(std::string("database ") + cfg.db + ": " + e.what());
  }
}
