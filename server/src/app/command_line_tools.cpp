#include "app/command_line_parts.hpp"

namespace landing::app {

void define_tool_commands(CLI::App& cli, config& cfg) {
  auto* webhook = cli.add_subcommand("webhook", "the CRM webhook's own commands");
  webhook->require_subcommand(1);
  webhook->fallthrough();
  webhook->add_subcommand("new-secret", "print a fresh signing secret (whsec_…)")
      ->callback(choose(cfg, command::webhook_new_secret));
  webhook
      ->add_subcommand("test",
                       "send a signed ping to --webhook-url and print the receiver's answer; "
                       "exit 1 unless it is 2xx")
      ->fallthrough()
      ->callback(choose(cfg, command::webhook_test));
  auto* bitrix24 = cli.add_subcommand("bitrix24", "the Bitrix24 channel's own commands");
  bitrix24->require_subcommand(1);
  bitrix24->fallthrough();
  bitrix24
      ->add_subcommand("test",
                       "add a marked test lead through --bitrix24-webhook-file and say what the "
                       "portal answered; exit 1 unless it took the lead")
      ->fallthrough()
      ->callback(choose(cfg, command::bitrix24_test));
  auto* amocrm = cli.add_subcommand("amocrm", "the amoCRM channel's own commands");
  amocrm->require_subcommand(1);
  amocrm->fallthrough();
  amocrm
      ->add_subcommand("test",
                       "add a marked test lead to --amocrm-url's incoming leads and say what the "
                       "account answered; exit 1 unless it took the lead")
      ->fallthrough()
      ->callback(choose(cfg, command::amocrm_test));
  auto* migrate_db = cli.add_subcommand(
      "migrate-db",
      "copy every lead from one database to another (SQLite to PostgreSQL); safe to run twice");
  migrate_db->add_option("--from", cfg.copy_from, "the database to copy from")->required();
  migrate_db->add_option("--to", cfg.copy_to, "the database to copy into")->required();
  migrate_db->callback(choose(cfg, command::migrate_db));
  auto* vitals_cmd = cli.add_subcommand("vitals", "real visitors' Web Vitals, from the database");
  vitals_cmd->require_subcommand(1);
  vitals_cmd->fallthrough();
  auto* vitals_report =
      vitals_cmd
          ->add_subcommand("report",
                           "per metric: count, p75, p90, p99 and the shares by rating; the Real "
                           "Experience Score; the most frequent LCP elements and INP targets")
          ->fallthrough();
  vitals_report->callback(choose(cfg, command::vitals_report));
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
  auto* digest_cmd =
      cli.add_subcommand("digest", "the studio's digest of leads, the funnel and speed");
  digest_cmd->require_subcommand(1);
  digest_cmd->fallthrough();
  auto* preview =
      digest_cmd
          ->add_subcommand("preview",
                           "print the digest of the last period ended (or --at a date's) as the "
                           "chat would get it, write its chart; nothing is sent")
          ->fallthrough();
  preview->callback(choose(cfg, command::digest_preview));
  preview->add_option("--period", cfg.digest_request.period, "weekly or daily (default: --digest)")
      ->check(CLI::IsMember({"weekly", "daily"}));
  preview->add_option("--at", cfg.digest_request.at,
                      "the digest due on this date (YYYY-MM-DD, in --digest-tz)");
  preview->add_option("--image", cfg.digest_request.image, "where to write the chart (PNG)")
      ->capture_default_str();
  preview->add_option("--report", cfg.digest_request.report_file,
                      "also write the HTML report that goes with the digest");
  digest_cmd
      ->add_subcommand("send",
                       "send the last period's digest to the chat now, unless it went already")
      ->fallthrough()
      ->callback(choose(cfg, command::digest_send));
  cli.add_subcommand("healthcheck",
                     "ask the server at --listen on this machine whether it is ready (GET "
                     "/healthz); exit 0 only on 200: a container's health check, with no shell "
                     "or curl in the image")
      ->fallthrough()
      ->callback(choose(cfg, command::healthcheck));
  auto* backup = cli.add_subcommand(
      "backup", "a consistent copy of the SQLite database while the server runs (--db names it)");
  backup->add_option("--to", cfg.backup_to, "the new file to write (never overwritten)")
      ->required();
  backup->callback(choose(cfg, command::backup));
}

}  // namespace landing::app
