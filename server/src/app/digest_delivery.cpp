#include "app/digest_delivery.hpp"

#include <atomic>
#include <memory>
#include <ostream>

#include "app/digest_alerts.hpp"
#include "app/replica_name.hpp"
#include "common/log.hpp"

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
  return {digest::part_result::transient, 0, sent.reason};
}

}  // namespace

digest::sender::deliver_fn chat_delivery(const telegram::config& telegram, telegram::chat& target,
                                         std::chrono::milliseconds timeout) {
  // The sender's thread is the only caller: one link and one client, reused.
  auto link =
      std::make_shared<telegram::chat_link>(telegram.api_base, telegram.token, target, timeout);
  // A file takes longer to go than a line of text.
  auto uploads = std::make_shared<telegram::bot_client>(telegram.api_base, telegram.token,
                                                        timeout + std::chrono::seconds(20));
  return [link, uploads, &target](const digest::part& item) {
    static const std::atomic<bool> never{false};
    if (item.what == digest::part::text) {
      return result_of(link->to_chat(
          "sendMessage", {{"text", item.body}, {"disable_web_page_preview", true}}, never));
    }
    const bool image = item.what == digest::part::image;
    return result_of(uploads
                         ->upload(image ? "sendPhoto" : "sendDocument",
                                  {{"chat_id", target.id()}, {"caption", item.caption}},
                                  {image ? "photo" : "document", item.file_name,
                                   image ? "image/png" : "text/html; charset=utf-8", item.body},
                                  &never)
                         .outcome);
  };
}

int send_digest_now(storage::lead_store& store, const config& cfg, std::ostream& out,
                    std::ostream& err) {
  telegram::config telegram;
  try {
    telegram = telegram::config_from(telegram::process_environment());
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
  options.owner = replica_name();
  options.alerts = [&store, &cfg] { return digest_alerts(store, cfg); };
  digest::sender once(
      store, chat_delivery(telegram, *chat, std::chrono::milliseconds(cfg.delivery_timeout_ms)),
      std::move(options));
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
  options.zone = digest::zone_named(cfg.digest_tz);  // checked by the command line
  options.owner = replica_name();
  options.alerts = [&store, &cfg] { return digest_alerts(store, cfg); };
  auto out = std::make_unique<digest::sender>(
      store,
      chat_delivery(telegram, *channels.chat(), std::chrono::milliseconds(cfg.delivery_timeout_ms)),
      std::move(options));
  out->start();
  return out;
}

}  // namespace landing::app
