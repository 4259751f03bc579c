#include "app/command_line.hpp"

#include "common/duration.hpp"

namespace landing::app {
namespace {

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
  cli.add_option("--telegram-webhook-secret", cfg.telegram_webhook_secret,
                 "take the chat's button clicks at POST /api/telegram/webhook, checked against "
                 "this secret_token (1-256 of A-Z a-z 0-9 _ -), instead of polling getUpdates")
      ->envname("TELEGRAM_WEBHOOK_SECRET");
  cli.add_option("--webhook-url", cfg.webhook_url,
                 "POST every lead to this URL, signed per Standard Webhooks 1.0 (https; http only "
                 "to a private receiver with --webhook-allow-private)")
      ->envname("LANDING_WEBHOOK_URL");
  cli.add_option("--webhook-secret-file", cfg.webhook_secret_file,
                 "the file holding the signing secret (whsec_…; `landing-server webhook "
                 "new-secret` makes one); default: the systemd credential webhook-secret")
      ->envname("LANDING_WEBHOOK_SECRET_FILE");
  cli.add_option("--webhook-previous-secret-file", cfg.webhook_previous_secret_file,
                 "while rotating: the old secret, whose signature every delivery also carries "
                 "until this is removed")
      ->envname("LANDING_WEBHOOK_PREVIOUS_SECRET_FILE");
  cli.add_flag("--webhook-allow-private", cfg.webhook_allow_private,
               "let the webhook reach loopback, private, link-local and unique-local addresses "
               "(a CRM on the studio's own network)")
      ->envname("LANDING_WEBHOOK_ALLOW_PRIVATE");
  cli.add_option("--webhook-timeout-ms", cfg.webhook_timeout_ms, "deadline of one delivery")
      ->envname("LANDING_WEBHOOK_TIMEOUT_MS")
      ->check(CLI::Range(100L, 120000L))
      ->capture_default_str();
  cli.add_option("--smtp-url", cfg.smtp_url,
                 "mail every lead through this server: smtp://host:587 (STARTTLS required) or "
                 "smtps://host:465")
      ->envname("LANDING_SMTP_URL");
  cli.add_option("--smtp-user", cfg.smtp_user, "the SMTP login")->envname("LANDING_SMTP_USER");
  cli.add_option("--smtp-password-file", cfg.smtp_password_file,
                 "the file holding the SMTP password; default: the systemd credential "
                 "smtp-password")
      ->envname("LANDING_SMTP_PASSWORD_FILE");
  cli.add_option("--smtp-ca-file", cfg.smtp_ca_file,
                 "trust this CA for the SMTP server's certificate (default: the system's)")
      ->envname("LANDING_SMTP_CA_FILE");
  cli.add_option("--mail-from", cfg.mail_from,
                 "the studio's own address the mail comes from (DMARC fails for any other)")
      ->envname("LANDING_MAIL_FROM");
  cli.add_option("--mail-to", cfg.mail_to, "where leads are mailed (repeat, or comma-separated)")
      ->envname("LANDING_MAIL_TO")
      ->delimiter(',');
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

void define_commands(CLI::App& cli, config& cfg) {
  const auto choose = [target = &cfg](command what) {
    return [target, what] { target->what = what; };
  };
  auto* leads = cli.add_subcommand("leads", "operators' commands on the lead database");
  leads->require_subcommand(1);
  leads->fallthrough();
  auto* list = leads->add_subcommand("list", "list leads")->fallthrough();
  list->callback(choose(command::leads_list));
  list->add_option("--status", cfg.leads_status,
                   "pending, held, delivered or failed (the delivery); new, taken or done (the "
                   "chat's triage); spam (either)")
      ->check(CLI::IsMember(
          {"pending", "held", "delivered", "failed", "new", "taken", "done", "spam"}));
  auto* show = leads->add_subcommand("show", "show one lead")->fallthrough();
  show->add_option("id", cfg.lead_id)->required();
  show->callback(choose(command::leads_show));
  auto* retry =
      leads
          ->add_subcommand("retry",
                           "deliver a lead's failed or disabled deliveries again (ID), or turn a "
                           "channel its receiver turned off on again (--channel without ID)")
          ->fallthrough();
  retry->add_option("id", cfg.lead_id);
  retry->add_option("--channel", cfg.channel, "telegram, webhook or email (default: every one)")
      ->check(CLI::IsMember({"telegram", "webhook", "email"}));
  retry->callback([&cfg] {
    cfg.what = command::leads_retry;
    if (cfg.lead_id.empty() && cfg.channel.empty()) {
      throw CLI::ValidationError("a lead's id, or --channel to turn a channel on again");
    }
  });
  auto* redeliver =
      leads
          ->add_subcommand("redeliver",
                           "send leads to a channel again, delivered or not (a receiver that "
                           "lost them): --id ID or --since DATE")
          ->fallthrough();
  redeliver->add_option("--channel", cfg.channel, "webhook, email or telegram")
      ->required()
      ->check(CLI::IsMember({"telegram", "webhook", "email"}));
  auto* again_id = redeliver->add_option("--id", cfg.lead_id, "one lead's id");
  auto* again_since = redeliver->add_option("--since", cfg.redeliver_since,
                                            "every lead that arrived on or after this day "
                                            "(YYYY-MM-DD, UTC)");
  again_id->excludes(again_since);
  redeliver->callback([&cfg, again_id, again_since] {
    cfg.what = command::leads_redeliver;
    if (!*again_id && !*again_since) throw CLI::ValidationError("--id or --since is required");
  });
  auto* webhook = cli.add_subcommand("webhook", "the CRM webhook's own commands");
  webhook->require_subcommand(1);
  webhook->fallthrough();
  webhook->add_subcommand("new-secret", "print a fresh signing secret (whsec_…)")
      ->callback(choose(command::webhook_new_secret));
  webhook
      ->add_subcommand("test",
                       "send a signed ping to --webhook-url and print the receiver's answer; "
                       "exit 1 unless it is 2xx")
      ->fallthrough()
      ->callback(choose(command::webhook_test));
  auto* export_leads =
      leads
          ->add_subcommand("export",
                           "all leads as CSV (--csv), or everything stored about one person as "
                           "JSON (--email or --id: a data subject's access request)")
          ->fallthrough();
  auto* csv = export_leads->add_flag("--csv")->description("all leads as CSV");
  auto* email = export_leads->add_option("--email", cfg.subject.email, "the person's e-mail");
  auto* id = export_leads->add_option("--id", cfg.subject.id, "one lead's id");
  csv->excludes(email)->excludes(id);
  email->excludes(id);
  export_leads->callback(
      [&cfg, csv] { cfg.what = *csv ? command::leads_export : command::leads_export_subject; });
  export_leads->require_option(1);
  auto* erase = leads
                    ->add_subcommand("erase",
                                     "erase everything stored about one person (--email) or one "
                                     "lead (--id), clean its copy in the chat, keep a record")
                    ->fallthrough();
  auto* erase_email = erase->add_option("--email", cfg.subject.email, "the person's e-mail");
  auto* erase_id = erase->add_option("--id", cfg.subject.id, "one lead's id");
  erase_email->excludes(erase_id);
  erase->add_option("--reason", cfg.erase_reason,
                    "why, for the record (a ticket number; never the person's details)");
  erase->callback([&cfg, erase_email, erase_id] {
    cfg.what = command::leads_erase;
    if (!*erase_email && !*erase_id) throw CLI::ValidationError("--email or --id is required");
  });
  auto* erasures =
      leads->add_subcommand("erasures", "the record of erased leads (no personal data)")
          ->fallthrough();
  erasures->add_option("--since", cfg.erasures_since, "from this day on (YYYY-MM-DD, UTC)");
  erasures->add_flag("--json", cfg.erasures_json, "one JSON object instead of a table");
  erasures->callback(choose(command::leads_erasures));
  auto* report = leads
                     ->add_subcommand("report",
                                      "per source: visits, leads, conversion, the desk's shares "
                                      "taken, spam and done, and the median time to take")
                     ->fallthrough();
  report->callback(choose(command::leads_report));
  report->add_option("--days", cfg.sources_request.days, "the last N days, today included")
      ->check(CLI::Range(1, 3650))
      ->capture_default_str();
  report->add_option("--locale", cfg.sources_request.locale, "only this locale (en, ru)");
  report->add_flag("--json", cfg.sources_request.json, "one JSON object instead of a table");
  report->add_option("--html", cfg.sources_request.html_file,
                     "also write a self-contained HTML page with a bar chart to this file");
  auto* migrate_db = cli.add_subcommand(
      "migrate-db",
      "copy every lead from one database to another (SQLite to PostgreSQL); safe to run twice");
  migrate_db->add_option("--from", cfg.copy_from, "the database to copy from")->required();
  migrate_db->add_option("--to", cfg.copy_to, "the database to copy into")->required();
  migrate_db->callback(choose(command::migrate_db));
  auto* vitals_cmd = cli.add_subcommand("vitals", "real visitors' Web Vitals, from the database");
  vitals_cmd->require_subcommand(1);
  vitals_cmd->fallthrough();
  auto* vitals_report =
      vitals_cmd
          ->add_subcommand("report",
                           "per metric: count, p75, p90, p99 and the shares by rating; the Real "
                           "Experience Score; the most frequent LCP elements and INP targets")
          ->fallthrough();
  vitals_report->callback(choose(command::vitals_report));
  vitals_report->add_option("--days", cfg.vitals_request.days, "the last N days, today included")
      ->check(CLI::Range(1, 3650))
      ->capture_default_str();
  vitals_report->add_option("--route", cfg.vitals_request.route,
                            "only this route pattern (/:locale)");
  vitals_report->add_option("--locale", cfg.vitals_request.locale, "only this locale (en, ru)");
  vitals_report->add_option("--device", cfg.vitals_request.device, "only mobile or desktop");
  vitals_report->add_flag("--json", cfg.vitals_request.json, "one JSON object instead of a table");
  vitals_report->add_option("--html", cfg.vitals_request.html_file,
                            "also write a self-contained HTML page with charts to this file");
  auto* backup = cli.add_subcommand(
      "backup", "a consistent copy of the SQLite database while the server runs (--db names it)");
  backup->add_option("--to", cfg.backup_to, "the new file to write (never overwritten)")
      ->required();
  backup->callback(choose(command::backup));
}

}  // namespace

void define_command_line(CLI::App& cli, config& cfg) {
  define_server_options(cli, cfg);
  define_commands(cli, cfg);
}

}  // namespace landing::app
