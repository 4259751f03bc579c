#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "app/config.hpp"
#include "leads/metrics.hpp"
#include "storage/store.hpp"
#include "telegram/chat.hpp"
#include "telegram/cleanup.hpp"
#include "telegram/config.hpp"
#include "telegram/desk.hpp"
#include "telegram/outbox.hpp"
#include "telegram/poller.hpp"
#include "telegram/webhook.hpp"

namespace landing::app {

// Where committed leads go and what comes back from there: the studio's Telegram chat (shared by
// every caller, so a 429 pauses them all), the outbox that sends each lead once, and the desk
// that takes the chat's button clicks, by getUpdates or at the webhook. Nothing of it runs when
// Telegram is not configured: leads are then stored as held.
class delivery {
 public:
  // Throws storage::error when the store cannot be read (the chat a group moved to).
  delivery(storage::lead_store& store, const telegram::config& telegram, const config& cfg,
           leads::lead_metrics& stats);
  delivery(const delivery&) = delete;
  delivery& operator=(const delivery&) = delete;
  ~delivery() { stop(); }

  [[nodiscard]] bool configured() const { return outbox_ != nullptr; }
  // The writer committed a lead, or another replica did: the outbox looks now, not at its poll.
  void lead_committed();
  // Outcomes sent or decided but not yet in the store (/healthz).
  [[nodiscard]] std::size_t unrecorded() const;
  // Only with --telegram-webhook-secret.
  [[nodiscard]] telegram::webhook* webhook() const { return webhook_.get(); }
  [[nodiscard]] const telegram::update_status& updates() const { return updates_; }
  // Clicks first, then the desk they feed, then the outbox's last send.
  void stop();

 private:
  // First, so it outlives the poller that reports into it.
  telegram::update_status updates_;
  std::unique_ptr<telegram::chat> chat_;
  std::unique_ptr<telegram::outbox_worker> outbox_;
  std::unique_ptr<telegram::desk> desk_;
  std::unique_ptr<telegram::chat_cleanup> cleanup_;
  std::unique_ptr<telegram::update_poller> poller_;
  std::unique_ptr<telegram::webhook> webhook_;
};

// Who this process is among the replicas: in claims, the chat's turn and the logs.
std::string replica_name();

}  // namespace landing::app
