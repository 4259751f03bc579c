#include "telegram/poller.hpp"

#include <charconv>

#include "common/clock.hpp"
#include "common/log.hpp"
#include "telegram/updates.hpp"

namespace landing::telegram {
namespace {

std::string_view mode_name(update_status::mode m) {
  switch (m) {
    case update_status::mode::polling:
      return "polling";
    case update_status::mode::conflict:
      return "conflict";
    case update_status::mode::failing:
      return "failing";
    case update_status::mode::webhook:
      return "webhook";
    case update_status::mode::standby:
      return "standby";
  }
  return "polling";
}

}  // namespace

void update_status::set(mode now_mode, std::string reason) {
  const std::lock_guard lock(mutex_);
  if (mode_ != now_mode) since_ = clock::now_ms();
  mode_ = now_mode;
  reason_ = std::move(reason);
}

boost::json::object update_status::report() const {
  const std::lock_guard lock(mutex_);
  boost::json::object out{{"mode", mode_name(mode_)}};
  if (!reason_.empty()) out["reason"] = reason_;
  if (since_ != 0) out["since_ms"] = clock::now_ms() - since_;
  return out;
}

update_poller::update_poller(storage::lead_store& store, desk& lead_desk,
                             std::unique_ptr<chat_link> link, poller_options options,
                             update_status& status)
    : store_(store), desk_(lead_desk), link_(std::move(link)), options_(options), status_(status) {
  thread_.start("telegram-poll", [this](worker::context&) { run(); });
}

update_poller::~update_poller() { stop(); }

void update_poller::stop() {
  stopping_ = true;
  thread_.stop();
}

void update_poller::fail(update_status::mode mode, const std::string& reason) {
  ++failures_;
  const auto delay = delivery::backoff_delay(options_.backoff, failures_, random_);
  // One line when the trouble starts, then one per doubling: a conflict that lasts an hour does
  // not fill the log.
  if ((failures_ & (failures_ - 1)) == 0) {
    log::warn(mode == update_status::mode::conflict ? "telegram_updates_conflict"
                                                    : "telegram_updates_failed",
              {{"reason", reason},
               {"failures", failures_},
               {"retry_in_ms", delay.count()},
               {"effect", mode == update_status::mode::conflict
                              ? "another process takes this bot's updates (a second server, or "
                                "a webhook is set): clicks may not reach this one"
                              : "clicks wait in Telegram until getUpdates works again"}});
  }
  status_.set(mode, reason);
  wait_until(clock::now_ms() + delay.count(), stopping_);
}

void update_poller::run() {
  while (!stopping_) {
    try {
      if (!store_.leader()) {
        status_.set(update_status::mode::standby, "another replica polls");
        offset_ = -1;  // the leader moves it meanwhile
        wait_until(clock::now_ms() + options_.standby.count(), stopping_);
        continue;
      }
      poll_once();
    } catch (const std::exception& e) {
      // The store could not give or keep the offset: the clicks stay in Telegram meanwhile.
      fail(update_status::mode::failing, std::string("database: ") + e.what());
    }
  }
}

void update_poller::poll_once() {
  if (offset_ < 0) {
    offset_ = 0;
    if (const auto stored = store_.setting(offset_setting)) {
      std::from_chars(stored->data(), stored->data() + stored->size(), offset_);
    }
  }
  const boost::json::object body{{"offset", offset_},
                                 {"timeout", options_.long_poll.count()},
                                 {"allowed_updates", boost::json::array{"callback_query"}}};
  const auto answer =
      link_->call("getUpdates", body, stopping_, options_.long_poll + std::chrono::seconds(10));
  if (stopping_) return;
  if (answer.outcome.outcome == send_result::retry_after) {
    return;  // the link paused every call; the next one waits it out
  }
  const auto batch = parse_updates(answer.body, offset_);
  if (!batch.ok) {
    const bool conflict = batch.error_code == 409;
    fail(conflict ? update_status::mode::conflict : update_status::mode::failing,
         answer.outcome.reason.empty() ? batch.description : answer.outcome.reason);
    return;
  }
  if (failures_ > 0) log::info("telegram_updates_resumed", {{"after_failures", failures_}});
  failures_ = 0;
  status_.set(update_status::mode::polling);
  for (const auto& why : batch.skipped) log::warn("telegram_update_skipped", {{"reason", why}});
  for (const auto& query : batch.callbacks) {
    desk_.click(query, *link_, stopping_);
  }
  if (batch.next_offset != offset_) {
    store_.set_setting(offset_setting, std::to_string(batch.next_offset));
    offset_ = batch.next_offset;
  }
}

}  // namespace landing::telegram
