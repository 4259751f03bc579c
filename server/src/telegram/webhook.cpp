#include "telegram/webhook.hpp"

#include "common/log.hpp"
#include "storage/store.hpp"
#include "telegram/updates.hpp"

namespace landing::telegram {

bool same_secret(std::string_view given, std::string_view expected) {
  unsigned difference = given.size() == expected.size() ? 0U : 1U;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const auto mine = i < given.size() ? static_cast<unsigned char>(given[i]) : 0U;
    difference |= mine ^ static_cast<unsigned char>(expected[i]);
  }
  return difference == 0;
}

bool valid_secret(std::string_view secret) {
  if (secret.empty() || secret.size() > 256) return false;
  for (const char c : secret) {
    const bool allowed = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                         (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (!allowed) return false;
  }
  return true;
}

webhook::webhook(std::string secret, desk& lead_desk, std::unique_ptr<chat_link> link,
                 std::size_t queue_limit)
    : secret_(std::move(secret)),
      desk_(lead_desk),
      link_(std::move(link)),
      queue_limit_(queue_limit) {
  thread_.start("telegram-hook", [this](worker::context& ctx) { run(ctx); });
}

webhook::~webhook() { stop(); }

void webhook::stop() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  thread_.stop();
}

void webhook::handle(const http::request& req, std::function<void(http::response)> done) {
  if (!same_secret(req.header("X-Telegram-Bot-Api-Secret-Token"), secret_)) {
    log::warn("telegram_webhook_refused", {{"peer", req.peer}});
    return done(http::error_response(401, "unauthorized"));
  }
  {
    const std::lock_guard lock(mutex_);
    if (!stopping_ && queue_.size() < queue_limit_) {
      queue_.push_back({std::string(req.body), std::move(done)});
      thread_.notify();
      return;
    }
  }
  // Telegram sends the update again later.
  done(http::error_response(503, "busy"));
}

void webhook::run(worker::context& ctx) {
  for (;;) {
    delivery next;
    bool taken = false;
    {
      const std::lock_guard lock(mutex_);
      if (queue_.empty() && stopping_) return;  // drained
      if (!queue_.empty()) {
        next = std::move(queue_.front());
        queue_.pop_front();
        taken = true;
      }
    }
    if (!taken) {
      ctx.wait();
      continue;
    }
    callback_query query;
    std::string why;
    if (!parse_update(next.body, query, why)) {
      // Malformed or another kind of update: taken (200), so Telegram does not send it again.
      log::warn("telegram_update_skipped", {{"reason", why}});
      next.done(http::json_response(200, "{}"));
      continue;
    }
    try {
      desk_.click(query, *link_, stopping_);
      next.done(http::json_response(200, "{}"));
    } catch (const std::exception& e) {
      log::error("telegram_webhook_click_failed",
                 {{"reason", e.what()}, {"effect", "answered 503: Telegram sends it again"}});
      next.done(http::error_response(503, "unavailable"));
    }
  }
}

}  // namespace landing::telegram
