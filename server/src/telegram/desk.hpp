#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "common/worker.hpp"
#include "delivery/backoff.hpp"
#include "leads/metrics.hpp"
#include "storage/store.hpp"
#include "telegram/chat.hpp"
#include "telegram/updates.hpp"

// The chat as the studio's lead desk (issue 15): a click on a lead's button moves the lead in the
// store and is answered with a toast at once; the message's new text and buttons, and the
// reminder for a lead nobody took, go out from the desk's own thread, paced with every other
// message to the chat.
namespace landing::telegram {

struct desk_options {
  // Users whose clicks count; empty: everyone in the chat.
  std::vector<std::int64_t> allowed_users;
  std::chrono::milliseconds remind_after{std::chrono::minutes(30)};
  // The clock of the status line («Взял: Анна, 14:05»): minutes east of UTC.
  int utc_offset_minutes = 180;
  // The chat's pacing and turn, as the outbox has them.
  std::chrono::milliseconds pacing{1000};
  std::string owner = "desk";
  std::chrono::milliseconds turn_hold{30000};
  // How often leads due for a reminder are looked for.
  std::chrono::milliseconds poll{1000};
  // An edit or reminder Telegram did not take is tried again this many times, with backoff.
  int attempts = 5;
  delivery::backoff_policy backoff{std::chrono::milliseconds(500), std::chrono::seconds(30)};
};

class desk {
 public:
  using link_factory = std::function<std::unique_ptr<chat_link>()>;

  desk(storage::lead_store& store, link_factory make_link, desk_options options,
       leads::lead_metrics& stats);
  desk(const desk&) = delete;
  desk& operator=(const desk&) = delete;
  ~desk();

  // One click, on the caller's thread and link (the poller's, the webhook's): checks who may
  // click, moves the lead, answers the toast, and leaves the message's edit to the desk's thread.
  // Throws storage::error when the store cannot take the move (the caller tries again).
  void click(const callback_query& query, chat_link& link, const std::atomic<bool>& cancel);
  void stop();

 private:
  struct job {
    enum kind { edit, remind } what = edit;
    std::int64_t chat_id = 0;
    std::int64_t message_id = 0;
    int attempts = 0;
    std::int64_t due = 0;  // unix ms
  };

  void run(worker::context& ctx);
  void step(worker::context& ctx);
  void queue_edit(const std::string& lead_id, std::int64_t chat_id, std::int64_t message_id);
  void look_for_reminders();
  void work(const std::string& lead_id, job& task);
  send_result paced(const std::function<send_result()>& call);
  send_result edit_now(const std::string& lead_id, const job& task);
  send_result remind_now(const std::string& lead_id, const job& task);

  storage::lead_store& store_;
  link_factory make_link_;
  desk_options options_;
  leads::lead_metrics& stats_;
  std::unique_ptr<chat_link> link_;  // the desk thread's
  std::mt19937_64 random_{std::random_device{}()};
  std::int64_t next_look_ = 0;
  std::mutex mutex_;
  // By lead: a later edit of the same message replaces an earlier one (it shows the state then).
  std::map<std::pair<std::string, int>, job> jobs_;
  // What a call in flight and the pacing watch to give up at shutdown; set by stop().
  std::atomic<bool> stopping_{false};
  worker thread_;  // last: stopped before the members it reads go
};

// The toast of a click that moved the lead, and of one that did not, in Russian like the chat.
std::string toast_applied(std::string_view action);
std::string toast_not_applied(std::string_view action, const storage::triage_state& now);
// «30 мин», «45 с», «2 ч», «1 ч 30 мин».
std::string duration_text(std::chrono::milliseconds span);
// The reminder's text: how long the lead has waited, and who wrote (quoted), with the lead id.
std::string reminder_text(const storage::lead& item, std::chrono::milliseconds waited);
// The lead's last message part with the status line under it.
std::string message_with_status(const storage::lead& item, const storage::triage_state& state,
                                std::string_view last_action, int utc_offset_minutes);

}  // namespace landing::telegram
