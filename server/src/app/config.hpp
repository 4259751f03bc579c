#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attribution/cli.hpp"
#include "digest/cli.hpp"
#include "privacy/cli.hpp"
#include "vitals/cli.hpp"

namespace landing::app {

// What the command line asks for: serving, or one of the operators' commands.
enum class command {
  serve,
  leads_list,
  leads_show,
  leads_retry,
  leads_redeliver,
  webhook_new_secret,
  webhook_test,
  bitrix24_test,
  amocrm_test,
  leads_export,
  leads_export_subject,
  leads_erase,
  leads_erasures,
  leads_report,
  migrate_db,
  backup,
  vitals_report,
  digest_preview,
  digest_send,
  healthcheck,
};

// Every setting, as the command line and the environment give it (app/command_line.cpp says
// what each means; docs/server.md explains them).
struct config {
  command what = command::serve;

  std::string listen = "127.0.0.1:8080";
  std::string site = "web/dist";
  std::string db = "var/leads.db";
  unsigned threads = 0;
  std::size_t max_connections = 10000;
  std::size_t max_connections_per_client = 128;
  std::vector<std::string> trust_proxy;
  std::vector<std::string> hosts;
  std::vector<std::string> consent_required{"ru"};
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
  int vitals_retention_days = 90;
  int retention_days = 180;
  long cleanup_poll_ms = 5000;
  double vitals_rate_burst = 20;
  double vitals_rate_per_minute = 60;
  std::size_t vitals_queue = 4096;
  // A client's arrivals an hour (at once, and regained over the hour): a visitor who arrives
  // four times an hour is rare, a script with a made-up tag per beacon is stopped.
  int arrivals_per_hour = 4;
  // Between two messages to the chat: Telegram allows one a second in a group.
  long telegram_pacing_ms = 1000;
  // Proofs of work (spam/proof_of_work.hpp, docs/server.md): the secret every replica signs
  // challenges with (a file, the credential proof-secret, or else one the first replica stores
  // in the database), a challenge's cost and lifetime, how many a client may ask for, and
  // whether a form posted without JavaScript needs one too.
  std::string proof_secret_file;
  // 1000 iterations and counters up to 8000: about a second of a throttled phone's solve
  // (docs/benchmarks.md, bench/proof-solve.mjs) while the visitor types, 6 million PBKDF2
  // iterations a lead for a bot, 0.24 ms of the server's a challenge.
  int proof_iterations = 1000;
  long proof_max_counter = 12000;
  long proof_lifetime_s = 1200;
  double challenge_rate_burst = 5;
  double challenge_rate_per_minute = 5;
  bool proof_required_for_forms = false;
  double unproven_forms_per_hour = 3;
  std::string telegram_webhook_secret;
  // The CRM's webhook (Standard Webhooks) and the inbox (SMTP): docs/delivery.md.
  std::string webhook_url;
  std::string webhook_secret_file;
  std::string webhook_previous_secret_file;
  bool webhook_allow_private = false;
  long webhook_timeout_ms = 15000;
  std::string smtp_url;
  std::string smtp_user;
  std::string smtp_password_file;
  std::string smtp_ca_file;
  std::string mail_from;
  std::vector<std::string> mail_to;
  // The CRMs' own APIs (docs/delivery.md): Bitrix24's incoming webhook URL is the secret.
  std::string bitrix24_webhook_file;
  bool bitrix24_allow_private = false;
  // amoCRM's account address and its private integration's long-lived token (a secret).
  std::string amocrm_url;
  std::string amocrm_token_file;
  bool amocrm_allow_private = false;
  std::vector<std::int64_t> triage_users;
  std::string remind_after = "30m";
  int utc_offset_minutes = 180;
  // The studio's digest in its chat (digest/): how often, and the zone whose 09:00 it keeps.
  std::string digest = "weekly";
  std::string digest_tz = "Europe/Moscow";

  // The operators' commands' own arguments.
  std::string leads_status;
  std::string lead_id;
  std::string channel;  // leads retry / redeliver --channel
  std::string redeliver_since;
  std::string copy_from;
  std::string copy_to;
  std::string backup_to;
  vitals::cli::report_request vitals_request;
  attribution::cli::report_request sources_request;
  digest::cli::preview_request digest_request;
  privacy::cli::subject subject;
  std::string erase_reason;
  std::string erasures_since;
  bool erasures_json = false;
};

}  // namespace landing::app
