#include "telegram/desk.hpp"

#include <algorithm>
#include <optional>

#include "common/clock.hpp"
#include "common/log.hpp"
#include "common/utf8.hpp"
#include "leads/triage.hpp"
#include "telegram/keyboard.hpp"
#include "telegram/message.hpp"
#include "telegram/pacing.hpp"

namespace landing::telegram {
namespace {

namespace triage = leads::triage;

// answerCallbackQuery shows at most 200 characters.
std::string toast(const std::string& text) { return std::string(utf8::cut(text, 380)); }

std::string status_words(const storage::triage_state& state) {
  if (state.status == "taken") return "в работе у " + state.taken_by.name;
  if (state.status == "spam") return "в спаме";
  if (state.status == "done") return "закрыта";
  return "новая";
}

}  // namespace

std::string toast_applied(std::string_view action) {
  if (action == "take") return "Заявка ваша";
  if (action == "spam") return "Отмечено как спам";
  if (action == "done") return "Отмечено: готово";
  if (action == "release") return "Заявка снова свободна";
  return "Заявка снова новая";  // unspam
}

std::string toast_not_applied(std::string_view action, const storage::triage_state& now) {
  if (action == "take" && (now.status == "taken" || now.status == "done")) {
    return toast("Уже взял: " + now.taken_by.name);
  }
  return toast("Ничего не изменилось: заявка уже " + status_words(now));
}

std::string duration_text(std::chrono::milliseconds span) {
  const auto seconds = std::max<std::int64_t>(0, span.count() / 1000);
  if (seconds < 60) return std::to_string(seconds) + " с";
  const auto minutes = seconds / 60;
  if (minutes < 60) return std::to_string(minutes) + " мин";
  // Appended piece by piece: GCC 12 warns (-Wrestrict, wrongly) on one chain of string +.
  std::string out = std::to_string(minutes / 60);
  out += " ч";
  if (const auto rest = minutes % 60; rest != 0) {
    out += ' ';
    out += std::to_string(rest);
    out += " мин";
  }
  return out;
}

std::string reminder_text(const storage::lead& item, std::chrono::milliseconds waited) {
  std::string text = "⏰ Заявку никто не взял за " + duration_text(waited) + ".\n";
  for (const auto* field : {&item.fields.name, &item.fields.email, &item.fields.social}) {
    if (field->empty()) continue;
    text += quote_mark;
    text += *field;
    text += '\n';
  }
  text += "Заявка ";
  text += item.id;
  return text;
}

std::string message_with_status(const storage::lead& item, const storage::triage_state& state,
                                std::string_view last_action, int utc_offset_minutes) {
  auto text = message_parts(item).back();
  const auto line = status_line(state, last_action, utc_offset_minutes);
  if (!line.empty()) text += "\n\n" + line;
  return text;
}

desk::desk(storage::lead_store& store, link_factory make_link, desk_options options,
           leads::lead_metrics& stats)
    : store_(store), make_link_(std::move(make_link)), options_(std::move(options)), stats_(stats) {
  link_ = make_link_();
  thread_.start("desk", [this](worker::context& ctx) { run(ctx); });
}

desk::~desk() { stop(); }

void desk::stop() {
  stopping_ = true;
  thread_.stop();
}

void desk::click(const callback_query& query, chat_link& link, const std::atomic<bool>& cancel) {
  const bool in_chat = query.has_message && link.target().is(query.chat_id);
  const auto& allowed = options_.allowed_users;
  const bool allowed_user =
      allowed.empty() || std::find(allowed.begin(), allowed.end(), query.user_id) != allowed.end();
  if (!in_chat || !allowed_user) {
    log::warn("triage_refused", {{"user_id", query.user_id},
                                 {"chat_id", query.chat_id},
                                 {"why", in_chat ? "not in --triage-users" : "not the lead chat"}});
    link.answer_click(query.id, "нет доступа", cancel);
    return;
  }
  const auto parsed = triage::parse_callback(query.data);
  if (!parsed) {
    log::warn("triage_click_skipped", {{"user_id", query.user_id},
                                       {"data", std::string(utf8::cut(query.data, 80))},
                                       {"reason", "the button's data is not <action>:<lead id>"}});
    link.answer_click(query.id, "Кнопка не распознана", cancel);
    return;
  }
  const auto action = std::string(triage::action_name(parsed->what));
  const auto at = clock::now_ms();
  const storage::actor who{query.user_id, display_name(query)};
  const auto change = triage::apply(store_, parsed->lead_id, parsed->what, who, at, query.id);
  if (!change.found) {
    log::warn("triage_unknown_lead", {{"id", parsed->lead_id}, {"user_id", query.user_id}});
    link.answer_click(query.id, "Заявка не найдена", cancel);
    return;
  }
  if (change.repeated) {
    // Fetched again after a restart: it counted once, and was answered then.
    log::info("triage_click_repeated", {{"id", parsed->lead_id}, {"action", action}});
  } else if (change.applied) {
    log::info("lead_triaged", {{"id", parsed->lead_id},
                               {"action", action},
                               {"status", change.now.status},
                               {"user_id", query.user_id}});
    if (parsed->what == triage::action::take) {
      if (const auto item = store_.find(parsed->lead_id)) {
        stats_.observe_time_to_take_s(static_cast<double>(at - item->created_at) / 1000.0);
      }
    }
    link.answer_click(query.id, toast_applied(action), cancel);
  } else {
    log::info("triage_click_stale", {{"id", parsed->lead_id},
                                     {"action", action},
                                     {"status", change.now.status},
                                     {"user_id", query.user_id}});
    link.answer_click(query.id, toast_not_applied(action, change.now), cancel);
  }
  // Also after a stale click: the message then catches up with the lead's state.
  queue_edit(parsed->lead_id, query.chat_id, query.message_id);
}

void desk::queue_edit(const std::string& lead_id, std::int64_t chat_id, std::int64_t message_id) {
  {
    const std::lock_guard lock(mutex_);
    job task;
    task.what = job::edit;
    task.chat_id = chat_id;
    task.message_id = message_id;
    task.due = clock::now_ms();
    jobs_[{lead_id, job::edit}] = task;
  }
  thread_.notify();
}

void desk::run(worker::context& ctx) {
  while (!stopping_) {
    try {
      step(ctx);
    } catch (const std::exception& e) {
      // Nothing may end this thread: edits and reminders would stop until a restart. A click
      // meanwhile does not cut the pause short: the store has just failed.
      log::error("desk_error", {{"reason", e.what()}});
      ctx.sleep_for(options_.poll);
    }
  }
}

void desk::step(worker::context& ctx) {
  if (clock::now_ms() >= next_look_) {
    next_look_ = clock::now_ms() + options_.poll.count();
    look_for_reminders();
  }
  std::pair<std::string, int> key;
  job task;
  std::optional<std::int64_t> idle_until;
  {
    const std::lock_guard lock(mutex_);
    const auto first =
        std::min_element(jobs_.begin(), jobs_.end(),
                         [](const auto& a, const auto& b) { return a.second.due < b.second.due; });
    if (first == jobs_.end() || first->second.due > clock::now_ms()) {
      idle_until = first == jobs_.end() ? next_look_ : std::min(first->second.due, next_look_);
    } else {
      key = first->first;
      task = first->second;
      jobs_.erase(first);
    }
  }
  if (idle_until) {
    // A click queued since the look above has notified, and this wait then returns at once.
    ctx.wait_for(
        std::chrono::milliseconds(std::max<std::int64_t>(0, *idle_until - clock::now_ms())));
    return;
  }
  work(key.first, task);
}

void desk::look_for_reminders() {
  // Among replicas one looks; the claim in the store would keep two from both sending anyway.
  if (!store_.leader()) return;
  const auto at = clock::now_ms();
  for (const auto& due : store_.due_reminders(at - options_.remind_after.count(), 20)) {
    if (!store_.claim_reminder(due.item.id, at)) continue;
    const std::lock_guard lock(mutex_);
    job task;
    task.what = job::remind;
    task.chat_id = due.where.chat_id;
    task.message_id = due.where.message_id;
    task.due = at;
    jobs_[{due.item.id, job::remind}] = task;
  }
}

void desk::work(const std::string& lead_id, job& task) {
  const auto result = task.what == job::edit ? edit_now(lead_id, task) : remind_now(lead_id, task);
  const auto* what = task.what == job::edit ? "lead_message_edited" : "lead_reminder_sent";
  if (result.outcome == send_result::delivered) {
    log::info(result.reason.empty() ? what : "lead_reminder_not_needed", {{"id", lead_id}});
    return;
  }
  ++task.attempts;
  const bool again =
      result.outcome == send_result::transient || result.outcome == send_result::retry_after;
  if (again && task.attempts < options_.attempts && !stopping_) {
    task.due =
        clock::now_ms() + delivery::backoff_delay(options_.backoff, task.attempts, random_).count();
    log::warn(task.what == job::edit ? "lead_edit_retry" : "lead_reminder_retry",
              {{"id", lead_id}, {"attempt", task.attempts}, {"reason", result.reason}});
    const std::lock_guard lock(mutex_);
    jobs_.try_emplace({lead_id, task.what}, task);  // a newer edit, if queued meanwhile, wins
    return;
  }
  log::error(
      task.what == job::edit ? "lead_edit_failed" : "lead_reminder_failed",
      {{"id", lead_id},
       {"reason", result.reason},
       {"effect", task.what == job::edit ? "the message shows an older state until its next click"
                                         : "no reminder for this lead; it is never sent twice"}});
}

send_result desk::paced(const std::function<send_result()>& call) {
  return telegram::paced(store_,
                         {options_.pacing, options_.owner, options_.turn_hold, options_.poll},
                         stopping_, call);
}

send_result desk::edit_now(const std::string& lead_id, const job& task) {
  const auto item = store_.find(lead_id);
  const auto state = store_.triage_of(lead_id);
  if (!item || !state) return {send_result::permanent, 0, "no such lead"};
  const auto history = store_.events_of(lead_id);
  const auto text = message_with_status(*item, *state, history.empty() ? "" : history.back().action,
                                        options_.utc_offset_minutes);
  const auto buttons = keyboard(state->status, lead_id);
  return paced(
      [&] { return link_->edit_message(task.chat_id, task.message_id, text, buttons, stopping_); });
}

send_result desk::remind_now(const std::string& lead_id, const job& task) {
  const auto item = store_.find(lead_id);
  const auto state = store_.triage_of(lead_id);
  if (!item || !state) return {send_result::permanent, 0, "no such lead"};
  if (state->status != "new") return {send_result::delivered, 0, "not needed"};  // taken meanwhile
  const auto text =
      reminder_text(*item, std::chrono::milliseconds(clock::now_ms() - item->delivered_at));
  return paced(
      [&] { return link_->send_message(text, boost::json::value(), task.message_id, stopping_); });
}

}  // namespace landing::telegram
