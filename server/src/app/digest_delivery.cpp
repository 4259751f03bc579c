#include "app/digest_delivery.hpp"

#include <atomic>
#include <memory>
#include <ostream>

#include "app/digest_alerts.hpp"
#include "app/replica_name.hpp"
#include "common/log.hpp"
#include "telegram/pacing.hpp"

namespace landing::app {
namespace {

digest::part_result result_of(const telegram::send_result& sent) {
  switch (sent.outcome) {
    case telegram::send_result::delivered:
      return {digest::part_result::sent, 0, {}};
    case telegram::send_result::retry_after:
      return {digest::part_result::retry_after, sent.retry_after_s, sent.reason};
    case telegram::send_result::permanent:
      return {digest::part_result::permanent, 0, sent.reason};
    case telegram::send_result::transient:
      break;
  }
  if (sent.outcome_unknown) return {digest::part_result::unknown, 0, sent.reason};
  return {digest::part_result::transient, 0, sent.reason};
}

}  // namespace

digest::sender::deliver_fn chat_delivery(storage::chat_turn_role& turns,
                                         const telegram::config& telegram, telegram::chat& target,
                                         const config& cfg) {
  const auto timeout = std::chrono::milliseconds(cfg.delivery_timeout_ms);
  // The sender's thread is the only caller: one link and one client, reused.
  auto link =
      std::make_shared<telegram::chat_link>(telegram.api_base, telegram.token, target, timeout);
  // A file takes longer to go than a line of text.
  const auto upload_timeout = timeout + std::chrono::seconds(20);
  auto uploads =
      std::make_shared<telegram::bot_client>(telegram.api_base, telegram.token, upload_timeout);
  // Each part takes the chat's turn as every other message does (the leads, the desk, the
  // alerts), on whichever replica: --telegram-pacing-ms holds between any two of them.
  const telegram::pacing_options pacing{std::chrono::milliseconds(cfg.telegram_pacing_ms),
                                        replica_name() + "/digest",
                                        upload_timeout + std::chrono::seconds(2)};
  return [link, uploads, &target, &turns, pacing](const digest::part& item) {
    static const std::atomic<bool> never{false};
    return result_of(telegram::paced(turns, pacing, never, [&] {
      if (item.what == digest::part::text) {
        return link->to_chat("sendMessage",
                             {{"text", item.body}, {"disable_web_page_preview", true}}, never);
      }
      const bool image = item.what == digest::part::image;
      return uploads
          ->upload(image ? "sendPhoto" : "sendDocument",
                   {{"chat_id", target.id()}, {"caption", item.caption}},
                   {image ? "photo" : "document", item.file_name,
                    image ? "image/png" : "text/html; charset=utf-8", item.body},
                   &never)
          .outcome;
    }));
  };
}

int send_digest_now(storage::lead_store& store, const config& cfg, std::ostream& out,
                    std::ostream& err) {
  telegram::config telegram;
  try {
    telegram = telegram::config_from(process_env);
  } catch (const std::exception& e) {
    err << "landing-server: digest send: " << e.what() << "\n";
    return 2;
  }
  if (!telegram.configured()) {
    err << "landing-server: digest send: the digest goes to the studio's Telegram chat: set "
           "TELEGRAM_BOT_TOKEN (or its file) and TELEGRAM_CHAT_ID as for the server\n";
    return 2;
  }
  const auto chat = studio_chat(store, telegram);
  digest::sender_options options;
  options.every = digest::cadence_named(cfg.digest).value_or(digest::cadence::off);
  if (options.every == digest::cadence::off) options.every = digest::cadence::weekly;
  options.zone = digest::zone_named(cfg.digest_tz);
  if (!options.zone) {
    err << "landing-server: digest send: --digest-tz " << cfg.digest_tz << ": "
        << digest::zone_problem(cfg.digest_tz) << "\n";
    return 2;
  }
  options.owner = replica_name();
  options.alerts = [&store, &cfg] { return digest_alerts(store, cfg); };
  digest::sender once(store, chat_delivery(store, telegram, *chat, cfg), std::move(options));
  once.run_once();
  const auto& done = once.last();
  using outcome = digest::sender::outcome;
  switch (done.what) {
    case outcome::sent:
      out << "sent the digest of " << done.period << " to the chat\n";
      return 0;
    case outcome::sent_before:
      out << "the digest of " << done.period << " went to the chat already; nothing sent\n";
      return 0;
    case outcome::held_elsewhere:
      err << "landing-server: digest send: a replica is sending the digest of " << done.period
          << " now; nothing sent\n";
      return 1;
    case outcome::failed:
      err << "landing-server: digest send: the chat did not take the digest of " << done.period
          << ": " << done.reason << " (the parts it took are kept; run it again)\n";
      return 1;
    case outcome::paused:
    case outcome::claim_lost:
    case outcome::nothing_due:
      break;
  }
  err << "landing-server: digest send: nothing sent\n";
  return 1;
}

std::unique_ptr<digest::sender> digest_sender(storage::lead_store& store,
                                              const telegram::config& telegram, const config& cfg,
                                              const lead_channels& channels) {
  const auto every = digest::cadence_named(cfg.digest).value_or(digest::cadence::off);
  if (every == digest::cadence::off) return nullptr;
  if (!channels.chat()) {
    log::info("digest_off", {{"reason",
                              "the digest goes to the studio's Telegram chat, and none "
                              "is configured (TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID)"}});
    return nullptr;
  }
  digest::sender_options options;
  options.every = every;
  options.zone = digest::zone_named(cfg.digest_tz);  // checked by serve() before the store opens
  options.owner = replica_name();
  options.alerts = [&store, &cfg] { return digest_alerts(store, cfg); };
  auto out = std::make_unique<digest::sender>(
      store, chat_delivery(store, telegram, *channels.chat(), cfg), std::move(options));
  out->start();
  return out;
}

}  // namespace landing::app
