#include "app/lead_channels.hpp"

#include <stdexcept>

#include "amocrm/channel.hpp"
#include "app/channel_settings.hpp"
#include "app/replica_name.hpp"
#include "bitrix24/channel.hpp"
#include "common/log.hpp"
#include "email/channel.hpp"
#include "telegram/channel.hpp"
#include "telegram/message_link.hpp"
#include "webhook/channel.hpp"

namespace landing::app {

lead_channels::lead_channels(storage::lead_store& store, const telegram::config& telegram,
                             const config& cfg, const std::string& origin,
                             leads::lead_metrics& stats) {
  add_telegram(store, telegram, cfg, stats);
  add_webhook(cfg);
  add_email(cfg, origin);
  add_bitrix24(cfg, origin);
  add_amocrm(cfg, origin);
  if (channels_.empty()) {
    log::warn(
        "no_channel_configured",
        {{"effect",
          "leads are stored as held until a restart with a channel: TELEGRAM_BOT_TOKEN and "
          "TELEGRAM_CHAT_ID, --webhook-url, --smtp-url, --bitrix24-webhook-file or --amocrm-url"}});
    return;
  }
  start_workers(store, cfg, stats);
}

std::unique_ptr<telegram::chat> studio_chat(storage::lead_store& store,
                                            const telegram::config& telegram) {
  // A group Telegram upgraded to a supergroup keeps its new id here, under the configured one:
  // a restart sends there, and a TELEGRAM_CHAT_ID changed on purpose is obeyed.
  const auto moved_key = "telegram.chat_moved_from." + telegram.chat_id;
  return std::make_unique<telegram::chat>(
      store.setting(moved_key).value_or(telegram.chat_id),
      [&store, moved_key](const std::string& id) { store.set_setting(moved_key, id); });
}

void lead_channels::add_telegram(storage::lead_store& store, const telegram::config& telegram,
                                 const config& cfg, leads::lead_metrics& stats) {
  if (!telegram.configured()) return;
  chat_ = studio_chat(store, telegram);
  const auto timeout = std::chrono::milliseconds(cfg.delivery_timeout_ms);
  const auto link = [api_base = telegram.api_base, token = telegram.token, chat = chat_.get(),
                     timeout] {
    return std::make_unique<telegram::chat_link>(api_base, token, *chat, timeout);
  };

  telegram::channel_options sending;
  sending.owner = replica_name();
  sending.pacing = std::chrono::milliseconds(cfg.telegram_pacing_ms);
  // The chat's turn outlasts one lead's calls, however they end: a lead of several parts (four
  // at most) sends them paced within one turn.
  sending.turn_hold = 4 * (timeout + sending.pacing) + std::chrono::seconds(2);
  sending.backoff = {std::chrono::milliseconds(cfg.backoff_base_ms),
                     std::chrono::milliseconds(cfg.backoff_cap_ms)};
  channels_.push_back(std::make_unique<telegram::lead_channel>(store, link(), sending));
  chat_links_ = std::make_unique<delivery::chat_link_finder>(store, telegram::message_link);

  desk_ = std::make_unique<chat_desk>(store, link, cfg, sending.pacing, stats);
}

void lead_channels::start_workers(storage::lead_store& store, const config& cfg,
                                  leads::lead_metrics& stats) {
  std::vector<delivery::channel*> targets;
  for (const auto& item : channels_) targets.push_back(item.get());
  alerts_ = std::make_unique<delivery::alerts>(store, targets, delivery::alert_options{});
  const auto owner = replica_name();
  for (const auto& item : channels_) {
    delivery::outbox_options sending;
    sending.owner = owner;
    sending.lease = std::chrono::milliseconds(cfg.outbox_lease_ms);
    // What the retention pass would erase goes nowhere (privacy/retention.hpp's period).
    if (cfg.retention_days > 0) sending.keep_for = std::chrono::hours(24) * cfg.retention_days;
    if (workers_.empty()) sending.release_held = channel_names();
    delivery::outbox_observer observer;
    observer.gave_up = [alerts = alerts_.get()](const delivery::give_up& event) {
      alerts->raise(event);
    };
    // The lead path's own figures (landing_leads_total, the delivery histogram) stay the chat's.
    if (item->name() == "telegram") {
      observer.delivered = [&stats](double ms) {
        stats.leads_delivered.fetch_add(1, std::memory_order_relaxed);
        stats.observe_delivery_ms(ms);
      };
      observer.failed = [&stats] { stats.leads_failed.fetch_add(1, std::memory_order_relaxed); };
    }
    metrics_.push_back(std::make_unique<delivery::channel_metrics>(std::string(item->name())));
    workers_.push_back(std::make_unique<delivery::outbox_worker>(
        store, *item, std::move(sending), *metrics_.back(), std::move(observer)));
  }
  std::vector<delivery::erasable*> crms;
  for (const auto& item : channels_) {
    if (auto* crm = dynamic_cast<delivery::erasable*>(item.get())) crms.push_back(crm);
  }
  if (!crms.empty()) {
    crm_cleanup_ = std::make_unique<delivery::crm_cleanup>(store, std::move(crms),
                                                           delivery::crm_cleanup_options{});
  }
}

void lead_channels::add_webhook(const config& cfg) {
  auto settings = webhook_settings_of(cfg);
  if (!settings.error.empty()) throw std::invalid_argument(settings.error);
  if (!settings.options) return;
  log::info("webhook_configured",
            {{"url", settings.options->url},
             {"signatures", settings.options->secrets.size()},
             {"allow_private", settings.options->http.allowed.allow_private}});
  channels_.push_back(std::make_unique<webhook::lead_channel>(std::move(*settings.options)));
}

void lead_channels::add_email(const config& cfg, const std::string& origin) {
  auto settings = email_settings_of(cfg, origin);
  if (!settings.error.empty()) throw std::invalid_argument(settings.error);
  if (!settings.options) return;
  auto& [smtp, mail] = *settings.options;
  log::info("email_configured", {{"smtp", smtp.url},
                                 {"from", mail.from.address()},
                                 {"recipients", mail.to.size()},
                                 {"message_id_domain", mail.site_domain}});
  channels_.push_back(std::make_unique<email::lead_channel>(std::move(smtp), std::move(mail)));
}

void lead_channels::add_bitrix24(const config& cfg, const std::string& origin) {
  auto settings = bitrix24_settings_of(cfg, origin);
  if (!settings.error.empty()) throw std::invalid_argument(settings.error);
  if (!settings.options) return;
  // The portal's host only: the URL holds the webhook's code.
  log::info("bitrix24_configured",
            {{"portal", settings.options->url.host},
             {"allow_private", settings.options->http.allowed.allow_private}});
  settings.options->chat_link = chat_link();
  channels_.push_back(std::make_unique<bitrix24::lead_channel>(std::move(*settings.options)));
}

void lead_channels::add_amocrm(const config& cfg, const std::string& origin) {
  auto settings = amocrm_settings_of(cfg, origin);
  if (!settings.error.empty()) throw std::invalid_argument(settings.error);
  if (!settings.options) return;
  log::info("amocrm_configured", {{"account", settings.options->url.host},
                                  {"allow_private", settings.options->http.allowed.allow_private}});
  settings.options->chat_link = chat_link();
  channels_.push_back(std::make_unique<amocrm::lead_channel>(std::move(*settings.options)));
}

delivery::chat_link_source lead_channels::chat_link() const {
  if (!chat_links_) return {};
  return [finder = chat_links_.get()](const storage::lead& item, const std::atomic<bool>& cancel) {
    return finder->find(item, cancel);
  };
}

std::vector<std::string> lead_channels::channel_names() const {
  std::vector<std::string> out;
  for (const auto& item : channels_) out.emplace_back(item->name());
  return out;
}

std::vector<const delivery::channel_metrics*> lead_channels::metrics() const {
  std::vector<const delivery::channel_metrics*> out;
  for (const auto& item : metrics_) out.push_back(item.get());
  return out;
}

void lead_channels::lead_committed() {
  for (const auto& item : workers_) item->notify();
}

std::size_t lead_channels::unrecorded() const {
  std::size_t out = 0;
  for (const auto& item : workers_) out += item->unrecorded();
  return out;
}

void lead_channels::stop() {
  if (desk_) desk_->stop();
  for (const auto& item : workers_) item->stop();
  if (crm_cleanup_) crm_cleanup_->stop();
  if (alerts_) alerts_->stop();
}

}  // namespace landing::app
