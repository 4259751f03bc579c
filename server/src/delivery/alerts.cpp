#include "delivery/alerts.hpp"

#include <charconv>

#include "common/clock.hpp"
#include "common/log.hpp"

namespace landing::delivery {
namespace {

std::string title(const std::string& channel) {
  if (channel == "telegram") return "Telegram";
  if (channel == "webhook") return "Webhook";
  if (channel == "email") return "Почта";
  if (channel == "bitrix24") return "Битрикс24";
  if (channel == "amocrm") return "amoCRM";
  return channel;
}

std::int64_t number(const std::optional<std::string>& text) {
  std::int64_t out = 0;
  if (text) std::from_chars(text->data(), text->data() + text->size(), out);
  return out;
}

}  // namespace

std::string alert_text(const give_up& event, std::int64_t more) {
  std::string out = title(event.channel) + ": ";
  if (event.channel_disabled) {
    out += "получатель отключил канал (" + event.reason +
           "); заявки ждут, пока оператор не выполнит «leads retry --channel " + event.channel +
           "».";
  } else {
    out += "заявка " + event.lead_id + " не доставлена после " + std::to_string(event.attempts) +
           " попыток (" + event.reason + ").";
  }
  if (more > 0) out += " Ещё не доставлено за час: " + std::to_string(more) + ".";
  return out;
}

alerts::alerts(storage::settings_role& store, std::vector<channel*> channels, alert_options options)
    : store_(store), channels_(std::move(channels)), options_(options) {
  thread_.start("alerts", [this](worker::context& ctx) { run(ctx); });
}

void alerts::raise(const give_up& event) {
  {
    const std::lock_guard lock(mutex_);
    queue_.push_back(event);
  }
  thread_.notify();
}

void alerts::stop() {
  stopping_ = true;
  thread_.stop();
}

void alerts::run(worker::context& ctx) {
  while (!ctx.stopping()) {
    std::deque<give_up> batch;
    {
      const std::lock_guard lock(mutex_);
      batch.swap(queue_);
    }
    for (const auto& event : batch) {
      try {
        handle(event);
      } catch (const std::exception& e) {
        log::error("alert_not_sent", {{"channel", event.channel}, {"reason", e.what()}});
      }
    }
    if (batch.empty()) ctx.wait();
  }
}

void alerts::handle(const give_up& event) {
  const auto sent_key = "alert." + event.channel + ".sent_at";
  const auto held_key = "alert." + event.channel + ".held";
  const auto now = clock::now_ms();
  const auto held = number(store_.setting(held_key));
  if (now - number(store_.setting(sent_key)) < options_.window.count()) {
    // Counted now, told with the next alert after the window.
    store_.set_setting(held_key, std::to_string(held + 1));
    return;
  }
  const auto text = alert_text(event, held);
  int sent = 0;
  for (auto* target : channels_) {
    if (target->name() == event.channel) continue;
    if (target->send_alert(text, stopping_)) ++sent;
  }
  store_.set_setting(sent_key, std::to_string(now));
  store_.set_setting(held_key, "0");
  log::warn("channel_alert", {{"channel", event.channel}, {"text", text}, {"sent_to", sent}});
}

}  // namespace landing::delivery
