#include "app/delivery.hpp"

#include <unistd.h>

#include <random>

#include "common/duration.hpp"
#include "common/log.hpp"
#include "telegram/delivery.hpp"

namespace landing::app {

std::string replica_name() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  std::random_device random;
  return std::string(host) + "-" + std::to_string(::getpid()) + "-" +
         std::to_string(random() % 100000);
}

delivery::delivery(storage::lead_store& store, const telegram::config& telegram, const config& cfg,
                   leads::lead_metrics& stats) {
  if (!telegram.configured()) {
    log::warn("telegram_not_configured", {{"effect",
                                           "leads are stored as held until a restart with "
                                           "TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID"}});
    return;
  }
  // A group Telegram upgraded to a supergroup keeps its new id here, under the configured one:
  // a restart sends there, and a TELEGRAM_CHAT_ID changed on purpose is obeyed.
  const auto moved_key = "telegram.chat_moved_from." + telegram.chat_id;
  chat_ = std::make_unique<telegram::chat>(
      store.setting(moved_key).value_or(telegram.chat_id),
      [&store, moved_key](const std::string& id) { store.set_setting(moved_key, id); });
  const auto timeout = std::chrono::milliseconds(cfg.delivery_timeout_ms);
  const auto link = [api_base = telegram.api_base, token = telegram.token, chat = chat_.get(),
                     timeout] {
    return std::make_unique<telegram::chat_link>(api_base, token, *chat, timeout);
  };

  telegram::outbox_options sending;
  sending.owner = replica_name();
  sending.lease = std::chrono::milliseconds(cfg.outbox_lease_ms);
  // The chat's turn outlasts one lead's calls, however they end: a lead of several parts (four
  // at most) sends them paced within one turn.
  sending.turn_hold = 4 * (timeout + sending.pacing) + std::chrono::seconds(2);
  sending.backoff = {std::chrono::milliseconds(cfg.backoff_base_ms),
                     std::chrono::milliseconds(cfg.backoff_cap_ms)};
  outbox_ = std::make_unique<telegram::outbox_worker>(
      store, telegram::lead_sender(link(), sending.pacing), sending, stats);

  telegram::desk_options triage;
  triage.allowed_users = cfg.triage_users;
  triage.remind_after = *parse_duration(cfg.remind_after);
  triage.utc_offset_minutes = cfg.utc_offset_minutes;
  triage.pacing = sending.pacing;
  triage.owner = replica_name() + "/desk";
  triage.turn_hold = timeout + std::chrono::seconds(2);
  desk_ = std::make_unique<telegram::desk>(store, link, triage, stats);
  telegram::cleanup_options cleaning;
  cleaning.pacing = {sending.pacing, replica_name() + "/cleanup",
                     timeout + std::chrono::seconds(2)};
  cleaning.poll = std::chrono::milliseconds(cfg.cleanup_poll_ms);
  cleanup_ = std::make_unique<telegram::chat_cleanup>(store, link, cleaning);
  if (!cfg.webhook_secret.empty()) {
    webhook_ = std::make_unique<telegram::webhook>(cfg.webhook_secret, *desk_, link());
    updates_.set(telegram::update_status::mode::webhook);
  } else {
    poller_ = std::make_unique<telegram::update_poller>(store, *desk_, link(),
                                                        telegram::poller_options{}, updates_);
  }
}

void delivery::lead_committed() {
  if (outbox_) outbox_->notify();
}

std::size_t delivery::unrecorded() const { return outbox_ ? outbox_->unrecorded() : 0; }

void delivery::stop() {
  if (webhook_) webhook_->stop();
  if (poller_) poller_->stop();
  if (desk_) desk_->stop();
  if (cleanup_) cleanup_->stop();
  if (outbox_) outbox_->stop();
}

}  // namespace landing::app
