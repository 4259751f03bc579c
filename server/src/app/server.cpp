// The composition of the server: which room's part is made from which, in what order they start,
// and in what order they stop. A lead walks it top to bottom:
//
//   router (POST /api/contact) → leads::contact_endpoint (validate, decide)
//     → leads::lead_writer (rate limit, one transaction: the lead and its outbox row)
//     → lead_channels::lead_committed → a delivery::outbox_worker per channel → the chat
//       (telegram::lead_channel), the CRM (webhook::lead_channel), the inbox (email::lead_channel)
//   and a button pressed in the chat comes back through telegram::update_poller (or the webhook)
//     → telegram::desk → leads/triage's move → the store.
#include "app/server.hpp"

#include <algorithm>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "app/channel_settings.hpp"
#include "app/commands.hpp"
#include "app/consent.hpp"
#include "app/digest_delivery.hpp"
#include "app/failure.hpp"
#include "app/health.hpp"
#include "app/hosts.hpp"
#include "app/lead_channels.hpp"
#include "app/proof_secret.hpp"
#include "app/router.hpp"
#include "app/store.hpp"
#include "common/log.hpp"
#include "http/forwarded.hpp"
#include "http/headers.hpp"
#include "http/server.hpp"
#include "leads/challenge_endpoint.hpp"
#include "leads/contact_endpoint.hpp"
#include "leads/rate_limit.hpp"
#include "leads/writer.hpp"
#include "privacy/retention.hpp"
#include "site/compression.hpp"
#include "site/manifest.hpp"
#include "site/site.hpp"
#include "storage/open.hpp"
#include "storage/turns.hpp"
#include "telegram/config.hpp"
#include "vitals/counters.hpp"
#include "vitals/endpoint.hpp"
#include "vitals/funnel_beacon.hpp"
#include "vitals/intake.hpp"
#include "vitals/recorder.hpp"

namespace landing::app {
namespace {

// Throws std::invalid_argument (or CLI11's) for a --listen or --trust-proxy it cannot read.
http::server_options server_options(const config& cfg) {
  http::server_options options;
  options.endpoint = http::parse_endpoint(cfg.listen);
  for (const auto& range : cfg.trust_proxy) {
    for (auto& each : http::parse_networks(range)) options.trusted_proxies.push_back(each);
  }
  options.threads = cfg.threads ? cfg.threads : std::max(1U, std::thread::hardware_concurrency());
  options.hsts = cfg.hsts;
  options.reuse_port = cfg.reuse_port;
  options.drain_delay = std::chrono::milliseconds(cfg.drain_delay_ms);
  options.max_connections = cfg.max_connections;
  options.max_connections_per_client = cfg.max_connections_per_client;
  return options;
}

// Several replicas share a per-client limit through the store; one process keeps it itself.
std::unique_ptr<leads::limiter> client_limiter(storage::lead_store& store, double burst,
                                               double per_minute, const char* kind) {
  if (store.shared()) {
    return std::make_unique<leads::shared_rate_limiter>(store, burst, per_minute, kind);
  }
  return std::make_unique<leads::rate_limiter>(burst, per_minute);
}

void log_listening(const boost::asio::ip::tcp::endpoint& endpoint, const site::site& files,
                   const http::server_options& options, const host_policy& hosts, bool telegram) {
  boost::json::array names;
  for (const auto& entry : hosts.entries()) names.emplace_back(entry);
  log::info("listening", {{"address", endpoint.address().to_string()},
                          {"port", endpoint.port()},
                          {"files", files.size()},
                          {"site_bytes", files.bytes()},
                          {"precompressed", files.precompressed()},
                          {"threads", options.threads},
                          {"hosts", names},
                          {"telegram", telegram}});
}

}  // namespace

int serve(const config& cfg) {
  if (const auto problem = make_folder(cfg.db); !problem.empty()) return fail(problem);
  site::site files;
  http::server_options options;
  telegram::config telegram;
  try {
    // The build's compressed forms are checked against their files after start, not before it.
    files = site::site::load(cfg.site, true);
    options = server_options(cfg);
    // The landing pages' inline script is allowed by its hash, which the build that wrote it
    // names: this site's, not one compiled in.
    options.content_security_policy =
        http::content_security_policy_with(site::built_script_sources(cfg.site));
    telegram = telegram::config_from(process_env);
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  if (telegram.token_in_variable) {
    log::warn("secret_in_environment",
              {{"variable", "TELEGRAM_BOT_TOKEN"},
               {"effect", "a process that may read this one's environment reads the bot token"},
               {"fix",
                "TELEGRAM_BOT_TOKEN_FILE, or the secret telegram-bot-token as a systemd "
                "credential or in /run/secrets"}});
  }
  if (files.stale_precompressed() > 0) {
    log::warn("precompressed_files_stale",
              {{"count", files.stale_precompressed()},
               {"effect", "they do not match their files; those are compressed at start instead"},
               {"fix", "make build writes them again"}});
  }
  if (!cfg.telegram_webhook_secret.empty() &&
      !telegram::valid_secret(cfg.telegram_webhook_secret)) {
    return fail(
        "--telegram-webhook-secret: Telegram takes 1 to 256 of A-Z, a-z, 0-9, _ and - only");
  }
  const auto origin = cfg.origin.empty() ? site::built_origin(cfg.site) : cfg.origin;
  auto consent = consent_policy_of(cfg);
  if (!consent) return fail(consent.error);
  // A channel that cannot work stops the start, before a lead could be stored for it.
  if (const auto hook = webhook_settings_of(cfg); !hook.error.empty()) return fail(hook.error);
  if (const auto mail = email_settings_of(cfg, origin); !mail.error.empty())
    return fail(mail.error);
  // The digest keeps the hours of its zone: a zone the system cannot give (no tzdata in a minimal
  // root file system, a name it lacks) stops the start with the reason, as the option's own
  // check does when the zone is named (the default is not checked by the command line).
  if (telegram.configured() &&
      digest::cadence_named(cfg.digest).value_or(digest::cadence::off) != digest::cadence::off) {
    if (const auto problem = digest::zone_problem(cfg.digest_tz); !problem.empty()) {
      return fail("--digest-tz " + cfg.digest_tz + ": " + problem);
    }
  }

  request_metrics requests;
  leads::lead_metrics lead_stats;
  vitals::counters vitals_stats;
  storage::turns turns;
  std::unique_ptr<storage::lead_store> store;
  std::unique_ptr<app::lead_channels> channels;
  // However serve() returns, the store's own threads (PostgreSQL's session, which wakes the
  // outbox on another replica's commit) stop before the parts they call go.
  struct store_stopper {
    std::unique_ptr<storage::lead_store>& store;
    ~store_stopper() {
      if (store) store->stop();
    }
  } const stop_store_first{store};
  std::unique_ptr<health_monitor> health;
  std::unique_ptr<leads::limiter> limiter;
  std::unique_ptr<leads::limiter> unproven_limiter;
  std::unique_ptr<leads::lead_writer> writer;
  std::unique_ptr<vitals::recorder> vitals_recorder;
  std::unique_ptr<digest::sender> digests;
  std::unique_ptr<privacy::retention> purge;
  spam::proof_metrics proof_stats;
  std::unique_ptr<spam::proof_gate> proofs;
  try {
    store = storage::open(cfg.db, store_options(cfg));
    purge = std::make_unique<privacy::retention>(
        *store, lead_stats, privacy::retention_options{.days = cfg.retention_days});
    // At start too, so a server restarted more often than hourly still keeps to the period, and
    // before the outbox starts, so no lead past its period is sent to the chat.
    purge->purge_once();
    channels = std::make_unique<app::lead_channels>(*store, telegram, cfg, origin, lead_stats);
    const auto lead_committed = std::bind_front(&lead_channels::lead_committed, channels.get());
    // Another replica's commit wakes this one's outbox too.
    store->on_new_leads(lead_committed);
    health = std::make_unique<health_monitor>(
        *store, channels->channel_names(), channels->telegram_configured(),
        std::bind_front(&lead_channels::unrecorded, channels.get()), health_monitor::options{});
    if (channels->telegram_configured()) {
      health->set_updates_report(
          std::bind_front(&telegram::update_status::report, &channels->desk()->updates()));
    }
    proofs = std::make_unique<spam::proof_gate>(spam::keys_from(proof_secret_of(cfg, *store)),
                                                cfg.proof_required_for_forms, proof_stats);
    limiter = client_limiter(*store, cfg.rate_burst, cfg.rate_per_minute, "");
    // The forms without JavaScript have their own, as small as a bot that found them meets
    // whichever replica it reaches (--unproven-forms-per-hour, at once and regained).
    unproven_limiter = client_limiter(*store, cfg.unproven_forms_per_hour,
                                      cfg.unproven_forms_per_hour / 60.0, "unproven ");
    writer = std::make_unique<leads::lead_writer>(*store, *limiter, channels->channel_names(),
                                                  lead_committed, &turns, unproven_limiter.get());
    vitals::recorder_options measurement;
    measurement.retention_days = cfg.vitals_retention_days;
    vitals_recorder =
        std::make_unique<vitals::recorder>(*store, turns, vitals_stats, std::move(measurement));
    digests = digest_sender(*store, telegram, cfg, *channels);
  } catch (const std::exception& e) {
    return fail("database " + storage::describe(cfg.db) + ": " + e.what());
  }

  leads::contact_endpoint contact(*writer, lead_stats, options.trusted_proxies,
                                  std::move(consent.policy), *proofs);
  leads::challenge_endpoint challenges(
      *proofs,
      {.iterations = cfg.proof_iterations,
       .max_counter = static_cast<std::uint32_t>(cfg.proof_max_counter),
       .lifetime_s = cfg.proof_lifetime_s},
      options.trusted_proxies, cfg.challenge_rate_burst, cfg.challenge_rate_per_minute,
      proof_stats);
  // Beacons have a per-client limit of their own, in this process: a lost beacon costs nothing,
  // so replicas need not share it.
  leads::rate_limiter beacon_limits(cfg.vitals_rate_burst, cfg.vitals_rate_per_minute);
  // Arrivals too, so one client cannot fill a day's source classes with made-up tags; and the
  // funnel's beacons one share per client across all their steps, for the same reason (a
  // share per step let one client add four classes for each one an arrival may).
  leads::rate_limiter arrival_limits(cfg.arrivals_per_hour, cfg.arrivals_per_hour / 60.0);
  leads::rate_limiter funnel_limits(cfg.arrivals_per_hour, cfg.arrivals_per_hour / 60.0);
  vitals::intake beacon_checks(
      *vitals_recorder, vitals_stats, cfg.vitals_queue,
      [&arrival_limits](const std::string& client) { return arrival_limits.acquire(client) == 0; },
      [&funnel_limits](const std::string& client) { return funnel_limits.acquire(client) == 0; });
  const auto admit_beacon = [&beacon_limits](const std::string& client) {
    return beacon_limits.acquire(client);
  };
  vitals::endpoint beacons(beacon_checks, vitals_stats, admit_beacon, options.trusted_proxies);
  vitals::endpoint funnel(beacon_checks, vitals_stats, admit_beacon, options.trusted_proxies,
                          vitals::intake::kind::funnel);
  services parts;
  parts.files = &files;
  parts.requests = &requests;
  parts.lead_stats = &lead_stats;
  parts.contact = &contact;
  parts.challenges = &challenges;
  parts.proof_stats = &proof_stats;
  parts.vitals = &beacons;
  parts.funnel = &funnel;
  parts.vitals_stats = &vitals_stats;
  parts.webhook = channels->desk() ? channels->desk()->webhook() : nullptr;
  parts.channels = channels->metrics();
  parts.health = health.get();
  router routes(parts);

  int code = 0;
  {
    // Started only now, so the exits above are not held up by compression.
    const site::background_compression compressing(files);
    try {
      http::serve(options, routes, [&](const auto& endpoint) {
        const auto listen_host = options.endpoint.address().to_string();
        host_policy hosts(
            cfg.hosts.empty() ? default_hosts(origin, listen_host, endpoint.port()) : cfg.hosts,
            origin);
        log_listening(endpoint, files, options, hosts, channels->configured());
        routes.set_hosts(std::move(hosts));
      });
    } catch (const std::exception& e) {
      code = fail(std::string("cannot listen on ") + cfg.listen + ": " + e.what());
    }
  }
  // In-flight requests are done; commit what they queued, then let the outbox finish its send.
  writer->stop();
  beacon_checks.stop();
  vitals_recorder->stop();
  if (digests) digests->stop();
  purge->stop();
  channels->stop();
  health->stop();
  store->stop();
  if (code == 0) log::info("stopped");
  return code;
}

}  // namespace landing::app
