#pragma once

#include <chrono>
#include <memory>

#include "app/config.hpp"
#include "leads/metrics.hpp"
#include "storage/store.hpp"
#include "telegram/chat.hpp"
#include "telegram/cleanup.hpp"
#include "telegram/desk.hpp"
#include "telegram/poller.hpp"
#include "telegram/webhook.hpp"

namespace landing::app {

// The studio's chat as its lead desk: the desk that answers the buttons, the clicks arriving by
// getUpdates or at the webhook, and the cleanup of erased leads' copies. The chat as a channel
// leads go to is lead_channels'.
class chat_desk {
 public:
  // `link` makes a connection to the chat; `pacing` is the chat's, shared with the sends.
  chat_desk(storage::lead_store& store, const telegram::desk::link_factory& link, const config& cfg,
            std::chrono::milliseconds pacing, leads::lead_metrics& stats);
  chat_desk(const chat_desk&) = delete;
  chat_desk& operator=(const chat_desk&) = delete;
  ~chat_desk() { stop(); }

  // Only with --telegram-webhook-secret.
  [[nodiscard]] telegram::webhook* webhook() const { return webhook_.get(); }
  [[nodiscard]] const telegram::update_status& updates() const { return updates_; }
  // Clicks first, then the desk they feed, then the cleanup.
  void stop();

 private:
  // First, so it outlives the poller that reports into it.
  telegram::update_status updates_;
  std::unique_ptr<telegram::desk> desk_;
  std::unique_ptr<telegram::chat_cleanup> cleanup_;
  std::unique_ptr<telegram::update_poller> poller_;
  std::unique_ptr<telegram::webhook> webhook_;
};

}  // namespace landing::app
