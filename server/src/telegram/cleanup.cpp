#include "telegram/cleanup.hpp"

#include "common/clock.hpp"
#include "common/log.hpp"

namespace landing::telegram {
namespace {

bool says(const send_result& result, std::string_view words) {
  return result.reason.find(words) != std::string::npos;
}

}  // namespace

cleanup_action action_for(std::int64_t sent_at, std::int64_t now,
                          std::chrono::milliseconds window) {
  return now - sent_at < window.count() ? cleanup_action::remove : cleanup_action::blank;
}

std::string blank_text(const std::string& lead_id, const std::string& reason) {
  return "Заявка " + lead_id +
         (reason == "retention" ? " удалена: срок хранения истёк" : " удалена по запросу");
}

chat_cleanup::chat_cleanup(storage::lead_store& store, link_factory make_link,
                           cleanup_options options)
    : store_(store), make_link_(std::move(make_link)), options_(std::move(options)) {
  thread_.start("chat-cleanup", [this](worker::context& ctx) {
    link_ = make_link_();
    do {
      try {
        pass();
      } catch (const std::exception& e) {
        // The queue is in the store; the next pass picks up where this one stopped.
        log::warn("chat_cleanup_error", {{"reason", e.what()}});
      }
    } while (ctx.sleep_for(options_.poll));
  });
}

chat_cleanup::~chat_cleanup() { stop(); }

void chat_cleanup::stop() {
  stopping_ = true;
  thread_.stop();
}

void chat_cleanup::pass() {
  // Among replicas one cleans, as one purges.
  if (!store_.leader()) return;
  for (const auto& copy : store_.chat_copies(clock::now_ms(), 20)) {
    if (stopping_) return;
    clean(copy);
  }
}

send_result chat_cleanup::remove(const storage::chat_copy& copy) {
  return paced(store_, options_.pacing, stopping_, [&] {
    return link_
        ->call("deleteMessage", {{"chat_id", copy.chat_id}, {"message_id", copy.message_id}},
               stopping_)
        .outcome;
  });
}

send_result chat_cleanup::blank(const storage::chat_copy& copy) {
  // Without reply_markup the edit takes the buttons away too.
  return paced(store_, options_.pacing, stopping_, [&] {
    return link_->edit_message(copy.chat_id, copy.message_id, blank_text(copy.lead_id, copy.reason),
                               boost::json::value(), stopping_);
  });
}

void chat_cleanup::clean(const storage::chat_copy& copy) {
  const bool young =
      action_for(copy.sent_at, clock::now_ms(), options_.delete_window) == cleanup_action::remove;
  auto result = young ? remove(copy) : blank(copy);
  auto done_as = young ? "deleted" : "edited";
  if (result.outcome == send_result::permanent) {
    if (says(result, "message to delete not found") || says(result, "message to edit not found")) {
      // Someone in the chat removed it first: nothing of it is left.
      result.outcome = send_result::delivered;
      done_as = "gone";
    } else if (young && says(result, "message can't be deleted")) {
      result = blank(copy);  // past the window after all, or no right to delete: edit instead
      done_as = "edited";
    }
  }
  if (result.outcome == send_result::delivered) {
    store_.chat_copy_done(copy.lead_id, done_as);
    log::info("chat_copy_cleaned", {{"id", copy.lead_id}, {"how", done_as}});
    return;
  }
  const bool again =
      result.outcome == send_result::transient || result.outcome == send_result::retry_after;
  if (again && copy.attempts + 1 < options_.attempts && !stopping_) {
    const auto delay = result.outcome == send_result::retry_after
                           ? std::chrono::milliseconds(result.retry_after_s * 1000)
                           : delivery::backoff_delay(options_.backoff,
                                                     static_cast<int>(copy.attempts) + 1, random_);
    store_.chat_copy_later(copy.lead_id, clock::now_ms() + delay.count());
    log::warn("chat_copy_retry",
              {{"id", copy.lead_id}, {"attempt", copy.attempts + 1}, {"reason", result.reason}});
    return;
  }
  if (stopping_) return;
  store_.chat_copy_done(copy.lead_id, "failed: " + result.reason);
  log::error("chat_copy_failed", {{"id", copy.lead_id},
                                  {"reason", result.reason},
                                  {"effect",
                                   "the copy stays in the chat; its erasure record says "
                                   "so (leads erasures); remove it by hand"}});
}

}  // namespace landing::telegram
