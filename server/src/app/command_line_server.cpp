#include "app/command_line_parts.hpp"

namespace landing::app {

void define_server_options(CLI::App& cli, config& cfg) {
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
  cli.add_option("--consent-required", cfg.consent_required,
                 "locales whose leads need consent to the processing of personal data, ticked "
                 "on the form (152-FZ); 'none' for none (repeatable, or comma-separated)")
      ->envname("LANDING_CONSENT_REQUIRED")
      ->delimiter(',')
      ->check(CLI::IsMember({"en", "ru", "none"}))
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
  cli.add_option("--retention-days", cfg.retention_days,
                 "days a lead is kept from its arrival; then it is erased with everything about "
                 "it, delivered or not, and an erasure record is kept (docs/privacy.md)")
      ->envname("LANDING_RETENTION_DAYS")
      ->check(CLI::Range(1, 3650))
      ->capture_default_str();
  cli.add_option("--chat-cleanup-poll-ms", cfg.cleanup_poll_ms,
                 "how often the chat copies of erased leads are looked for")
      ->envname("LANDING_CHAT_CLEANUP_POLL_MS")
      ->check(CLI::Range(100L, 3600000L))
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
  cli.add_option("--arrivals-per-hour", cfg.arrivals_per_hour,
                 "arrivals (visits with their source) counted from one client an hour, an IPv6 "
                 "client by its /64; more are left out of the figures and counted in /metrics")
      ->envname("LANDING_ARRIVALS_PER_HOUR")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
}

}  // namespace landing::app
