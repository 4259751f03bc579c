#include "app/command_line_parts.hpp"
#include "common/duration.hpp"
#include "digest/schedule.hpp"

namespace landing::app {

void define_channel_options(CLI::App& cli, config& cfg) {
  cli.add_option("--telegram-pacing-ms", cfg.telegram_pacing_ms,
                 "the least time between two messages to the chat, replicas together (Telegram "
                 "allows a group one a second; lower only for a Bot API that allows more)")
      ->envname("LANDING_TELEGRAM_PACING_MS")
      ->check(CLI::Range(0L, 60000L))
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
  cli.add_option("--bitrix24-webhook-file", cfg.bitrix24_webhook_file,
                 "add every lead to Bitrix24's CRM through the incoming webhook whose URL "
                 "(https://<portal>/rest/<user>/<code>/, a secret) this file holds; default: the "
                 "systemd credential bitrix24-webhook")
      ->envname("LANDING_BITRIX24_WEBHOOK_FILE");
  cli.add_flag("--bitrix24-allow-private", cfg.bitrix24_allow_private,
               "let Bitrix24 calls reach loopback and private addresses (an on-premise portal "
               "on the studio's own network)")
      ->envname("LANDING_BITRIX24_ALLOW_PRIVATE");
  cli.add_option("--amocrm-url", cfg.amocrm_url,
                 "add every lead to amoCRM's (Kommo's) incoming leads: the account's address, "
                 "https://studio.amocrm.ru or studio.kommo.com")
      ->envname("LANDING_AMOCRM_URL");
  cli.add_option("--amocrm-token-file", cfg.amocrm_token_file,
                 "the file holding the private integration's long-lived token; default: the "
                 "systemd credential amocrm-token")
      ->envname("LANDING_AMOCRM_TOKEN_FILE");
  cli.add_flag("--amocrm-allow-private", cfg.amocrm_allow_private,
               "let amoCRM calls reach loopback and private addresses (a test account's stand-in)")
      ->envname("LANDING_AMOCRM_ALLOW_PRIVATE");
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
  cli.add_option("--digest", cfg.digest,
                 "the figures of the period just ended, posted to the chat: weekly (Monday "
                 "09:00), daily (09:00) or off")
      ->envname("LANDING_DIGEST")
      ->check(CLI::IsMember({"weekly", "daily", "off"}))
      ->capture_default_str();
  cli.add_option("--digest-tz", cfg.digest_tz,
                 "the time zone whose 09:00 the digest keeps (a tzdata name)")
      ->envname("LANDING_DIGEST_TZ")
      ->check([](const std::string& name) { return digest::zone_problem(name); })
      ->capture_default_str();
}

}  // namespace landing::app
