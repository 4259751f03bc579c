#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "app/chat_desk.hpp"
#include "app/config.hpp"
#include "delivery/alerts.hpp"
#include "delivery/channel.hpp"
#include "delivery/chat_link.hpp"
#include "delivery/crm_cleanup.hpp"
#include "delivery/metrics.hpp"
#include "delivery/outbox.hpp"
#include "leads/metrics.hpp"
#include "storage/store.hpp"
#include "telegram/chat.hpp"
#include "telegram/config.hpp"

namespace landing::app {

// The studio's chat as configured, or the supergroup Telegram moved it to (kept in the store).
std::unique_ptr<telegram::chat> studio_chat(storage::lead_store& store,
                                            const telegram::config& telegram);

// Where committed leads go. Each configured channel (the studio's Telegram chat, a CRM's
// webhook, an inbox) has its rows in the outbox and a worker of its own, so one channel's outage
// delays no other. With the chat comes its desk (chat_desk), where the button clicks come back.
// With no channel configured, leads are stored as held.
class lead_channels {
 public:
  // Throws storage::error when the store cannot be read (the chat a group moved to), and
  // std::invalid_argument for a channel's setting that cannot work (the message says which).
  // `origin`: the site's public origin (each mail's Message-ID names its host).
  lead_channels(storage::lead_store& store, const telegram::config& telegram, const config& cfg,
                const std::string& origin, leads::lead_metrics& stats);
  lead_channels(const lead_channels&) = delete;
  lead_channels& operator=(const lead_channels&) = delete;
  ~lead_channels() { stop(); }

  [[nodiscard]] bool configured() const { return !channels_.empty(); }
  // The configured channels' names: every new lead gets an outbox row for each.
  [[nodiscard]] std::vector<std::string> channel_names() const;
  // The writer committed a lead, or another replica did: the workers look now, not at their poll.
  void lead_committed();
  // Outcomes sent or decided but not yet in the store (/healthz).
  [[nodiscard]] std::size_t unrecorded() const;
  // The chat's desk, with Telegram only.
  [[nodiscard]] chat_desk* desk() const { return desk_.get(); }
  [[nodiscard]] bool telegram_configured() const { return chat_ != nullptr; }
  // The studio's chat, with Telegram only (the digest goes there too).
  [[nodiscard]] telegram::chat* chat() const { return chat_.get(); }
  // Each channel's attempts, for /metrics.
  [[nodiscard]] std::vector<const delivery::channel_metrics*> metrics() const;
  // The desk first (clicks, then what they feed), then the workers' last sends.
  void stop();

 private:
  void add_telegram(storage::lead_store& store, const telegram::config& telegram, const config& cfg,
                    leads::lead_metrics& stats);
  void add_webhook(const config& cfg);
  void add_email(const config& cfg, const std::string& origin);
  void add_bitrix24(const config& cfg, const std::string& origin);
  void add_amocrm(const config& cfg, const std::string& origin);
  // The link a CRM's copy carries to the lead's chat message; nothing without the chat.
  [[nodiscard]] delivery::chat_link_source chat_link() const;
  void start_workers(storage::lead_store& store, const config& cfg, leads::lead_metrics& stats);

  std::unique_ptr<telegram::chat> chat_;
  std::unique_ptr<delivery::chat_link_finder> chat_links_;
  std::vector<std::unique_ptr<delivery::channel>> channels_;
  std::vector<std::unique_ptr<delivery::channel_metrics>> metrics_;
  std::unique_ptr<delivery::alerts> alerts_;
  std::vector<std::unique_ptr<delivery::outbox_worker>> workers_;
  // With a CRM: the copies of erased leads deleted there.
  std::unique_ptr<delivery::crm_cleanup> crm_cleanup_;
  std::unique_ptr<chat_desk> desk_;
};

}  // namespace landing::app
