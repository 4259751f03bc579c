// Configuration and wiring only: every behaviour lives in the rooms under src/.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <boost/json/parse.hpp>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <random>
#include <thread>

#include "app/app.hpp"
#include "app/health.hpp"
#include "app/hosts.hpp"
#include "common/duration.hpp"
#include "common/log.hpp"
#include "common/redact.hpp"
#include "http/forwarded.hpp"
#include "http/server.hpp"
#include "leads/cli.hpp"
#include "leads/contact_endpoint.hpp"
#include "leads/rate_limit.hpp"
#include "leads/writer.hpp"
#include "site/site.hpp"
#include "storage/copy.hpp"
#include "storage/open.hpp"
#include "storage/sqlite/backup.hpp"
#include "storage/turns.hpp"
#include "telegram/bot_client.hpp"
#include "telegram/chat.hpp"
#include "telegram/config.hpp"
#include "telegram/delivery.hpp"
#include "telegram/desk.hpp"
#include "telegram/outbox.hpp"
#include "telegram/poller.hpp"
#include "telegram/webhook.hpp"
#include "vitals/cli.hpp"
#include "vitals/counters.hpp"
#include "vitals/endpoint.hpp"
#include "vitals/recorder.hpp"

namespace {

using namespace landing;

struct config {
  std::string listen = "127.0.0.1:8080";
  std::string site = "web/dist";
  std::string db = "var/leads.db";
  unsigned threads = 0;
  std::size_t max_connections = 10000;
  std::size_t max_connections_per_client = 128;
  std::vector<std::string> trust_proxy;
  std::vector<std::string> hosts;
  std::string origin;
  std::uint64_t disk_reserve_mb = 8;
  bool hsts = false;
  bool reuse_port = false;
  long drain_delay_ms = 0;
  bool debug = false;
  double rate_burst = 5;
  double rate_per_minute = 1;
  long backoff_base_ms = 1000;
  long backoff_cap_ms = 60000;
  long delivery_timeout_ms = 10000;
  long outbox_lease_ms = 30000;
  std::string leads_status;
  std::string lead_id;
  int vitals_retention_days = 90;
  double vitals_rate_burst = 20;
  double vitals_rate_per_minute = 60;
  std::size_t vitals_queue = 4096;
  std::string webhook_secret;
  std::vector<std::int64_t> triage_users;
  std::string remind_after = "30m";
  int utc_offset_minutes = 180;
};

// Start-up failures are one line on stderr and exit code 2, so scripts can tell them apart.
// The reason never carries a database URI's password, whatever it quotes (CLI11 repeats the
// arguments it did not expect).
int fail(const std::string& reason) {
  std::cerr << "landing-server: " << redact_uris(reason) << "\n";
  return 2;
}

void define_options(CLI::App& cli, config& cfg) {
  cli.add_option("--listen", cfg.listen, "address:port to listen on")
      ->envname("LANDING_LISTEN")
      ->capture_default_str();
  cli.add_option("--site", cfg.site, "folder with the built site")
      ->envname("LANDING_SITE")
      ->capture_default_str();
  cli.add_option("--db", cfg.db,
                 "where leads live: an SQLite file, or a PostgreSQL URI (postgresql://…) that "
                 "several replicas share")
      ->envname("LANDING_DB")
      ->capture_default_str();
  cli.add_option("--threads", cfg.threads, "I/O threads (0: one per core)")
      ->envname("LANDING_THREADS");
  cli.add_option("--max-connections", cfg.max_connections, "open connections at most")
      ->envname("LANDING_MAX_CONNECTIONS")
      ->capture_default_str();
  cli.add_flag("--hsts", cfg.hsts, "send Strict-Transport-Security (behind TLS only)")
      ->envname("LANDING_HSTS");
  cli.add_flag("--reuse-port", cfg.reuse_port,
               "share the port with the process that replaces this one (SO_REUSEPORT): start "
               "the new one, then stop this one, and no connection is refused")
      ->envname("LANDING_REUSE_PORT");
  cli.add_option("--drain-delay-ms", cfg.drain_delay_ms,
                 "after SIGTERM, keep serving this long while /healthz says draining, so a "
                 "proxy's health check moves traffic away first (at most 5000)")
      ->envname("LANDING_DRAIN_DELAY_MS")
      ->check(CLI::Range(0L, 5000L))
      ->capture_default_str();
  cli.add_option("--max-connections-per-client", cfg.max_connections_per_client,
                 "open connections from one address at most (trusted proxies excepted)")
      ->envname("LANDING_MAX_CONNECTIONS_PER_CLIENT")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--trust-proxy", cfg.trust_proxy,
                 "address range of a proxy whose X-Forwarded-For names the client, such as "
                 "127.0.0.1/32 (repeatable, or comma-separated)")
      ->envname("LANDING_TRUST_PROXY")
      ->delimiter(',');
  cli.add_option("--host", cfg.hosts,
                 "a Host name to answer for, as name or name:port; '*' for any (repeatable, or "
                 "comma-separated; default: the site origin's host and this machine's loopback "
                 "names on the listening port)")
      ->envname("LANDING_HOSTS")
      ->delimiter(',');
  cli.add_option("--origin", cfg.origin,
                 "the site's public origin, where pages asked for under another host are "
                 "redirected (default: the one the site was built for, from .site.json)")
      ->envname("LANDING_ORIGIN");
  cli.add_option("--disk-reserve-mb", cfg.disk_reserve_mb,
                 "free space kept for recording deliveries; below it new leads get 503")
      ->envname("LANDING_DISK_RESERVE_MB")
      ->capture_default_str();
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
  cli.add_option("--outbox-lease-ms", cfg.outbox_lease_ms,
                 "how long a replica's claim on a lead lasts; a dead replica's leads go to "
                 "another one after it")
      ->envname("LANDING_OUTBOX_LEASE_MS")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--vitals-retention-days", cfg.vitals_retention_days,
                 "days of Web Vitals aggregates kept, today included")
      ->envname("LANDING_VITALS_RETENTION_DAYS")
      ->check(CLI::Range(1, 3650))
      ->capture_default_str();
  cli.add_option("--vitals-rate-limit-burst", cfg.vitals_rate_burst,
                 "Web Vitals beacons a client may send at once")
      ->envname("LANDING_VITALS_RATE_LIMIT_BURST")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--vitals-rate-limit-per-minute", cfg.vitals_rate_per_minute,
                 "Web Vitals beacons a client regains a minute")
      ->envname("LANDING_VITALS_RATE_LIMIT_PER_MINUTE")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--vitals-queue", cfg.vitals_queue,
                 "Web Vitals beacons waiting to be checked at most; more are answered 503, "
                 "dropped and counted")
      ->envname("LANDING_VITALS_QUEUE")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 20))
      ->capture_default_str();
  cli.add_option("--telegram-webhook-secret", cfg.webhook_secret,
                 "take the chat's button clicks at POST /api/telegram/webhook, checked against "
                 "this secret_token (1-256 of A-Z a-z 0-9 _ -), instead of polling getUpdates")
      ->envname("TELEGRAM_WEBHOOK_SECRET");
  cli.add_option("--triage-users", cfg.triage_users,
                 "Telegram user ids whose clicks count (comma-separated; default: anyone in "
                 "the chat)")
      ->envname("LANDING_TRIAGE_USERS")
      ->delimiter(',');
  cli.add_option("--triage-remind-after", cfg.remind_after,
                 "remind the chat once of a lead nobody took after this long (45s, 30m, 2h)")
      ->envname("LANDING_TRIAGE_REMIND_AFTER")
      ->check([](const std::string& text) {
        return parse_duration(text) ? std::string() : "a duration such as 45s, 30m or 2h";
      })
      ->capture_default_str();
  cli.add_option("--triage-utc-offset", cfg.utc_offset_minutes,
                 "minutes east of UTC of the clock in the chat's status lines (180: Moscow)")
      ->envname("LANDING_TRIAGE_UTC_OFFSET")
      ->check(CLI::Range(-720, 840))
      ->capture_default_str();
}

// The origin the site was built for (web/scripts/prerender.mjs writes it); empty when unknown.
std::string built_origin(const std::string& site_dir) {
  std::ifstream in(std::filesystem::path(site_dir) / ".site.json");
  if (!in) return {};
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  boost::system::error_code ec;
  const auto value = boost::json::parse(text, ec);
  if (ec || !value.is_object()) return {};
  const auto* origin = value.as_object().if_contains("origin");
  return origin && origin->is_string() ? std::string(origin->as_string()) : std::string();
}

storage::engine_options store_options(const config& cfg) {
  storage::engine_options out;
  out.sqlite.disk_reserve_bytes = cfg.disk_reserve_mb * 1024 * 1024;
  return out;
}

// Who this process is among the replicas: in claims, the chat's turn and the logs.
std::string replica_name() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  std::random_device random;
  return std::string(host) + "-" + std::to_string(::getpid()) + "-" +
         std::to_string(random() % 100000);
}

int serve(const config& cfg) {
  site::site files;
  try {
    files = site::site::load(cfg.site);
  } catch (const std::exception& e) {
    return fail(e.what());
  }

  if (files.stale_precompressed() > 0) {
    log::warn("precompressed_files_stale",
              {{"count", files.stale_precompressed()},
               {"effect", "they do not match their files; those are compressed at start instead"},
               {"fix", "make build writes them again"}});
  }

  http::server_options options;
  try {
    options.endpoint = http::parse_endpoint(cfg.listen);
    for (const auto& range : cfg.trust_proxy) {
      for (auto& each : http::parse_networks(range)) options.trusted_proxies.push_back(each);
    }
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  options.threads = cfg.threads ? cfg.threads : std::max(1U, std::thread::hardware_concurrency());
  options.hsts = cfg.hsts;
  options.reuse_port = cfg.reuse_port;
  options.drain_delay = std::chrono::milliseconds(cfg.drain_delay_ms);
  options.max_connections = cfg.max_connections;
  options.max_connections_per_client = cfg.max_connections_per_client;
  const auto origin = cfg.origin.empty() ? built_origin(cfg.site) : cfg.origin;

  telegram::config telegram;
  try {
    telegram = telegram::config_from(telegram::process_environment());
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  if (!cfg.webhook_secret.empty() && !telegram::valid_secret(cfg.webhook_secret)) {
    return fail(
        "--telegram-webhook-secret: Telegram takes 1 to 256 of A-Z, a-z, 0-9, _ and - only");
  }
  metrics stats;
  std::unique_ptr<storage::lead_store> store;
  std::unique_ptr<telegram::chat> chat;
  std::unique_ptr<telegram::outbox_worker> outbox;
  std::unique_ptr<telegram::desk> desk;
  std::unique_ptr<telegram::update_poller> poller;
  std::unique_ptr<telegram::webhook> webhook;
  telegram::update_status updates;
  std::unique_ptr<app::health_monitor> health;
  std::unique_ptr<leads::limiter> limiter;
  std::unique_ptr<leads::lead_writer> writer;
  storage::turns turns;
  vitals::counters vitals_stats;
  std::unique_ptr<vitals::recorder> vitals_recorder;
  try {
    store = storage::open(cfg.db, store_options(cfg));
    if (telegram.configured()) {
      // A group Telegram upgraded to a supergroup keeps its new id here, under the configured
      // one: a restart sends there, and a TELEGRAM_CHAT_ID changed on purpose is obeyed.
      const auto moved_key = "telegram.chat_moved_from." + telegram.chat_id;
      chat = std::make_unique<telegram::chat>(
          store->setting(moved_key).value_or(telegram.chat_id),
          [&store, moved_key](const std::string& id) { store->set_setting(moved_key, id); });
      const auto timeout = std::chrono::milliseconds(cfg.delivery_timeout_ms);
      const auto link = [&telegram, &chat, timeout] {
        return std::make_unique<telegram::chat_link>(telegram.api_base, telegram.token, *chat,
                                                     timeout);
      };
      telegram::outbox_options delivery;
      delivery.owner = replica_name();
      delivery.lease = std::chrono::milliseconds(cfg.outbox_lease_ms);
      // The chat's turn outlasts one lead's calls, however they end: a lead of several parts
      // (four at most) sends them paced within one turn.
      delivery.turn_hold = 4 * (timeout + delivery.pacing) + std::chrono::seconds(2);
      delivery.backoff = {std::chrono::milliseconds(cfg.backoff_base_ms),
                          std::chrono::milliseconds(cfg.backoff_cap_ms)};
      std::shared_ptr<telegram::chat_link> outbox_link = link();
      outbox = std::make_unique<telegram::outbox_worker>(
          *store,
          [outbox_link, pacing = delivery.pacing](const storage::lead& item,
                                                  const std::atomic<bool>& cancel) {
            return telegram::send_lead(*outbox_link, item, pacing, cancel);
          },
          delivery, stats);
      store->on_new_leads([&outbox] {
        if (outbox) outbox->notify();
      });
      telegram::desk_options triage;
      triage.allowed_users = cfg.triage_users;
      triage.remind_after = *parse_duration(cfg.remind_after);
      triage.utc_offset_minutes = cfg.utc_offset_minutes;
      triage.pacing = delivery.pacing;
      triage.owner = replica_name() + "/desk";
      triage.turn_hold = timeout + std::chrono::seconds(2);
      desk = std::make_unique<telegram::desk>(*store, link, triage, stats);
      if (!cfg.webhook_secret.empty()) {
        webhook = std::make_unique<telegram::webhook>(cfg.webhook_secret, *desk, link());
        updates.set(telegram::update_status::mode::webhook);
      } else {
        poller = std::make_unique<telegram::update_poller>(*store, *desk, link(),
                                                           telegram::poller_options{}, updates);
      }
    } else {
      log::warn("telegram_not_configured", {{"effect",
                                             "leads are stored as held until a restart with "
                                             "TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID"}});
    }
    health = std::make_unique<app::health_monitor>(
        *store, telegram.configured(), [&outbox] { return outbox ? outbox->unrecorded() : 0; },
        app::health_monitor::options{});
    if (telegram.configured()) health->set_updates_report([&updates] { return updates.report(); });
    // Several replicas share the per-client limit through the store; one process keeps it.
    if (store->shared()) {
      limiter =
          std::make_unique<leads::shared_rate_limiter>(*store, cfg.rate_burst, cfg.rate_per_minute);
    } else {
      limiter = std::make_unique<leads::rate_limiter>(cfg.rate_burst, cfg.rate_per_minute);
    }
    writer = std::make_unique<leads::lead_writer>(
        *store, *limiter, !telegram.configured(),
        [&outbox] {
          if (outbox) outbox->notify();
        },
        &turns);
    vitals::recorder_options measurement;
    measurement.retention_days = cfg.vitals_retention_days;
    vitals_recorder =
        std::make_unique<vitals::recorder>(*store, turns, vitals_stats, std::move(measurement));
  } catch (const std::exception& e) {
    return fail("database " + storage::describe(cfg.db) + ": " + e.what());
  }

  leads::contact_endpoint contact(*writer, files, stats, options.trusted_proxies);
  // Beacons have a per-client limit of their own, in this process: a lost beacon costs nothing,
  // so replicas need not share it.
  leads::rate_limiter beacon_limits(cfg.vitals_rate_burst, cfg.vitals_rate_per_minute);
  vitals::intake beacon_checks(*vitals_recorder, vitals_stats, cfg.vitals_queue);
  vitals::endpoint beacons(
      beacon_checks, vitals_stats,
      [&beacon_limits](const std::string& client) { return beacon_limits.acquire(client); },
      options.trusted_proxies);
  app::services parts;
  parts.files = &files;
  parts.stats = &stats;
  parts.contact = &contact;
  parts.vitals = &beacons;
  parts.vitals_stats = &vitals_stats;
  parts.webhook = webhook.get();
  parts.health = health.get();
  std::unique_ptr<app::application> application;

  // Started only now, so the exits above are not held up by compression.
  std::atomic<bool> stop_compressing{false};
  std::thread compressor([&files, &stop_compressing] {
    try {
      const auto started = std::chrono::steady_clock::now();
      const auto compressed = files.compress_all({}, stop_compressing);
      const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
      if (!stop_compressing) {
        log::info("site_compressed", {{"files", compressed}, {"seconds", took.count()}});
      }
    } catch (const std::exception& e) {
      // The identity bytes go on being served; only the smaller forms are missing.
      log::error("site_compression_failed", {{"reason", e.what()}});
    }
  });
  struct compressor_guard {
    std::atomic<bool>& stop;
    std::thread& thread;
    ~compressor_guard() {
      stop = true;
      thread.join();
    }
  } const join_compressor{stop_compressing, compressor};

  // The default host list needs the port actually bound (--listen may say 0), so the
  // application is made once the server listens, before it accepts anything.
  struct late_handler final : http::handler {
    std::unique_ptr<app::application>& target;
    explicit late_handler(std::unique_ptr<app::application>& t) : target(t) {}
    bool is_async(const http::request& req) const override { return target->is_async(req); }
    http::response handle(const http::request& req) override { return target->handle(req); }
    void handle_async(const http::request& req, std::function<void(http::response)> done) override {
      target->handle_async(req, std::move(done));
    }
    void answered(std::string_view path, unsigned status) override {
      target->answered(path, status);
    }
    void connection_refused() override { target->connection_refused(); }
    void draining() override { target->draining(); }
  } handler{application};

  try {
    http::serve(options, handler, [&](const auto& endpoint) {
      const auto listen_host = options.endpoint.address().to_string();
      parts.hosts = app::host_policy(
          cfg.hosts.empty() ? app::default_hosts(origin, listen_host, endpoint.port()) : cfg.hosts,
          origin);
      application = std::make_unique<app::application>(parts);
      boost::json::array hosts;
      for (const auto& entry : parts.hosts.entries()) hosts.emplace_back(entry);
      log::info("listening", {{"address", endpoint.address().to_string()},
                              {"port", endpoint.port()},
                              {"files", files.size()},
                              {"site_bytes", files.bytes()},
                              {"precompressed", files.precompressed()},
                              {"threads", options.threads},
                              {"hosts", hosts},
                              {"telegram", telegram.configured()}});
    });
  } catch (const std::exception& e) {
    return fail(std::string("cannot listen on ") + cfg.listen + ": " + e.what());
  }
  // In-flight requests are done; commit what they queued, then let the outbox finish its send.
  writer->stop();
  beacon_checks.stop();
  vitals_recorder->stop();
  if (webhook) webhook->stop();
  if (poller) poller->stop();
  if (desk) desk->stop();
  if (outbox) outbox->stop();
  health->stop();
  store->stop();
  log::info("stopped");
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
  list->add_option("--status", cfg.leads_status,
                   "pending, held, delivered or failed (the delivery); new, taken or done (the "
                   "chat's triage); spam (either)")
      ->check(CLI::IsMember(
          {"pending", "held", "delivered", "failed", "new", "taken", "done", "spam"}));
  auto* show = leads->add_subcommand("show", "show one lead")->fallthrough();
  show->add_option("id", cfg.lead_id)->required();
  auto* retry = leads->add_subcommand("retry", "deliver a failed lead again")->fallthrough();
  retry->add_option("id", cfg.lead_id)->required();
  auto* export_leads = leads->add_subcommand("export", "all leads as CSV")->fallthrough();
  bool csv = false;
  export_leads->add_flag("--csv", csv, "CSV (the only format)")->required();
  std::string copy_from;
  std::string copy_to;
  auto* migrate_db = cli.add_subcommand(
      "migrate-db",
      "copy every lead from one database to another (SQLite to PostgreSQL); safe to run twice");
  migrate_db->add_option("--from", copy_from, "the database to copy from")->required();
  migrate_db->add_option("--to", copy_to, "the database to copy into")->required();
  vitals::cli::report_request vitals_request;
  auto* vitals_cmd = cli.add_subcommand("vitals", "real visitors' Web Vitals, from the database");
  vitals_cmd->require_subcommand(1);
  vitals_cmd->fallthrough();
  auto* vitals_report =
      vitals_cmd
          ->add_subcommand("report",
                           "per metric: count, p75, p90, p99 and the shares by rating; the Real "
                           "Experience Score; the most frequent LCP elements and INP targets")
          ->fallthrough();
  vitals_report->add_option("--days", vitals_request.days, "the last N days, today included")
      ->check(CLI::Range(1, 3650))
      ->capture_default_str();
  vitals_report->add_option("--route", vitals_request.route, "only this route pattern (/:locale)");
  vitals_report->add_option("--locale", vitals_request.locale, "only this locale (en, ru)");
  vitals_report->add_option("--device", vitals_request.device, "only mobile or desktop");
  vitals_report->add_flag("--json", vitals_request.json, "one JSON object instead of a table");
  vitals_report->add_option("--html", vitals_request.html_file,
                            "also write a self-contained HTML page with charts to this file");
  std::string backup_to;
  auto* backup = cli.add_subcommand(
      "backup", "a consistent copy of the SQLite database while the server runs (--db names it)");
  backup->add_option("--to", backup_to, "the new file to write (never overwritten)")->required();
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(e.what());
  }
  landing::log::init(cfg.debug);

  const auto make_folder = [](const std::string& db) -> std::string {
    if (!storage::is_file(db)) return {};
    std::error_code ec;
    if (const auto parent = std::filesystem::path(db).parent_path(); !parent.empty()) {
      std::filesystem::create_directories(parent, ec);
      if (ec) return "cannot create " + parent.string() + ": " + ec.message();
    }
    return {};
  };
  if (migrate_db->parsed()) {
    if (const auto problem = make_folder(copy_to); !problem.empty()) return fail(problem);
    try {
      auto options = store_options(cfg);
      options.postgres.session = false;
      auto from = storage::open(copy_from, options);
      auto to = storage::open(copy_to, options);
      const auto report = storage::copy_leads(*from, *to);
      from->stop();
      to->stop();
      std::cout << "copied " << report.copied << " leads, " << report.already_there
                << " were there already; " << report.verified << " of " << report.source_total
                << " found in " << storage::describe(copy_to)
                << " (each with its triage and click history); " << report.settings_copied
                << " settings copied\n";
      return report.verified == report.source_total ? 0 : 1;
    } catch (const std::exception& e) {
      return fail(std::string("migrate-db: ") + e.what());
    }
  }
  if (backup->parsed()) {
    if (!storage::is_file(cfg.db)) {
      return fail("backup: " + storage::describe(cfg.db) +
                  " is PostgreSQL; back it up with pg_dump (docs/deploy.md, Backups)");
    }
    try {
      const auto report = storage::sqlite::backup(cfg.db, backup_to);
      std::cout << "backed up " << report.leads << " leads (" << report.bytes << " bytes) to "
                << backup_to << "; PRAGMA integrity_check: ok\n";
      return 0;
    } catch (const std::exception& e) {
      return fail(std::string("backup: ") + e.what());
    }
  }
  if (vitals_cmd->parsed()) {
    // A report reads; it never leaves an empty database where the server's was expected.
    if (storage::is_file(cfg.db) && !std::filesystem::exists(cfg.db)) {
      return fail("vitals report: no database at " + cfg.db +
                  " (the server makes it on its first start; --db names another)");
    }
    try {
      auto options = store_options(cfg);
      options.postgres.session = false;
      const auto store = storage::open(cfg.db, options);
      const int code = vitals::cli::report(*store, vitals_request, std::cout, std::cerr);
      store->stop();
      return code;
    } catch (const std::exception& e) {
      return fail("database " + storage::describe(cfg.db) + ": " + e.what());
    }
  }
  if (const auto problem = make_folder(cfg.db); !problem.empty()) return fail(problem);
  if (!leads->parsed()) return serve(cfg);

  try {
    auto options = store_options(cfg);
    options.postgres.session = false;
    const auto store = storage::open(cfg.db, options);
    namespace leads_cli = leads::cli;
    int code = 0;
    if (list->parsed()) {
      code = leads_cli::list(*store, cfg.leads_status, std::cout);
    } else if (show->parsed()) {
      code = leads_cli::show(*store, cfg.lead_id, std::cout, std::cerr);
    } else if (retry->parsed()) {
      code = leads_cli::retry(*store, cfg.lead_id, std::cout, std::cerr);
    } else {
      code = leads_cli::export_csv(*store, std::cout);
    }
    store->stop();
    return code;
  } catch (const std::exception& e) {
    return fail("database " + storage::describe(cfg.db) + ": " + e.what());
  }
}
