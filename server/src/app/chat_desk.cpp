#include "app/chat_desk.hpp"

#include "app/replica_name.hpp"
#include "common/duration.hpp"

namespace landing::app {

chat_desk::chat_desk(storage::lead_store& store, const telegram::desk::link_factory& link,
                     const config& cfg, std::chrono::milliseconds pacing,
                     leads::lead_metrics& stats) {
  const auto timeout = std::chrono::milliseconds(cfg.delivery_timeout_ms);
  telegram::desk_options triage;
  triage.allowed_users = cfg.triage_users;
  triage.remind_after = *parse_duration(cfg.remind_after);
  triage.utc_offset_minutes = cfg.utc_offset_minutes;
  triage.pacing = pacing;
  triage.owner = replica_name() + "/desk";
  triage.turn_hold = timeout + std::chrono::seconds(2);
  desk_ = std::make_unique<telegram::desk>(store, link, triage, stats);
  telegram::cleanup_options cleaning;
  cleaning.pacing = {pacing, replica_name() + "/cleanup", timeout + std::chrono::seconds(2)};
  cleaning.poll = std::chrono::milliseconds(cfg.cleanup_poll_ms);
  cleanup_ = std::make_unique<telegram::chat_cleanup>(store, link, cleaning);
  if (!cfg.telegram_webhook_secret.empty()) {
    webhook_ = std::make_unique<telegram::webhook>(cfg.telegram_webhook_secret, *desk_, link());
    updates_.set(telegram::update_status::mode::webhook);
  } else {
    poller_ = std::make_unique<telegram::update_poller>(store, *desk_, link(),
                                                        telegram::poller_options{}, updates_);
  }
}

void chat_desk::stop() {
  if (webhook_) webhook_->stop();
  if (poller_) poller_->stop();
  if (desk_) desk_->stop();
  if (cleanup_) cleanup_->stop();
}

}  // namespace landing::app
