#include "digest/sender.hpp"

#include <algorithm>

#include "attribution/report_html.hpp"
#include "common/clock.hpp"
#include "common/concat.hpp"
#include "common/log.hpp"
#include "digest/chart.hpp"
#include "digest/figures.hpp"
#include "digest/message.hpp"

namespace landing::digest {

sender::sender(storage::lead_store& store, deliver_fn deliver, sender_options options)
    : store_(store), deliver_(std::move(deliver)), options_(std::move(options)) {
  if (!options_.now) options_.now = clock::now_ms;
  if (!options_.alerts) options_.alerts = [] { return std::vector<std::string>{}; };
  if (!options_.render) options_.render = [](const std::string& svg) { return render_png(svg); };
}

sender::~sender() { stop(); }

std::vector<part> sender::parts_of(const period& covered) {
  const auto found = gather(store_, covered, options_.alerts());
  const auto title = concat("Сводка за ", covered.every == cadence::weekly ? "неделю " : "",
                            period_words(covered));
  const auto first_day = clock::format_day(covered.first_day);
  std::vector<std::string> lost;
  // Each attachment on its own: one that cannot be made (a value librsvg refuses, a report that
  // throws) costs the chat that attachment, never the digest.
  const auto made = [&](part::kind what, const char* name, const char* words, auto&& make,
                        std::string file_name, std::string caption) -> part {
    try {
      return {what, make(), std::move(file_name), std::move(caption)};
    } catch (const std::exception& e) {
      log::warn("digest_part_failed", {{"period", covered.key},
                                       {"part", name},
                                       {"reason", e.what()},
                                       {"effect", "the digest goes without it; its text says so"}});
      lost.emplace_back(words);
      return {part::missing, {}, {}, {}};
    }
  };
  auto chart = made(
      part::image, "chart", "график", [&] { return options_.render(chart_svg(found)); },
      concat("digest-", first_day, ".png"), title);
  auto report = made(
      part::document, "report", "отчёт", [&] { return attribution::to_html(found.report); },
      concat("leads-report-", first_day, ".html"),
      "Отчёт по заявкам и воронке за период (откройте в браузере)");
  auto text = message_text(found);
  if (!lost.empty()) {
    text += concat("\n\n⚠️ Не удалось приложить ",
                   lost.size() == 2 ? "график и отчёт" : lost[0],
                   ": причина в журнале сервера (digest_part_failed).");
  }
  std::vector<part> out;
  out.push_back({part::text, std::move(text), {}, {}});
  out.push_back(std::move(chart));
  out.push_back(std::move(report));
  return out;
}

std::int64_t sender::retry_later(std::int64_t now_ms, const part_result& result) {
  if (result.outcome == part_result::retry_after) {
    // Telegram's own pause, as asked, and no backoff of ours on top.
    not_before_ = now_ms + std::max<std::int64_t>(result.retry_after_s, 1) * 1000;
  } else {
    backoff_ =
        backoff_.count() == 0 ? options_.retry_first : std::min(backoff_ * 2, options_.retry_cap);
    not_before_ = now_ms + backoff_.count();
  }
  if (result.reason != last_failure_) {
    log::warn(
        "digest_send_failed",
        {{"reason", result.reason},
         {"retry_in_s", (not_before_ - now_ms) / 1000},
         {"effect", "the parts the chat has not taken go when it takes them; none is sent twice"}});
    last_failure_ = result.reason;
  }
  return not_before_;
}

std::int64_t sender::run_once() {
  const auto now_ms = now();
  const auto next = next_due(options_.every, *options_.zone, now_ms).value_or(now_ms + 3'600'000);
  last_ = {};
  if (now_ms < not_before_) {
    last_.what = outcome::paused;
    return std::min(not_before_, next);
  }
  const auto covered = latest_due(options_.every, *options_.zone, now_ms);
  if (!covered) return next;
  last_.period = covered->key;
  // A read first: once the period's digest went, every later look costs no write.
  if (const auto row = store_.find_digest(covered->key); row && row->sent_at > 0) {
    last_.what = outcome::sent_before;
    return next;
  }
  const auto held =
      store_.claim_digest(covered->key, options_.owner, now_ms, now_ms + options_.lease.count());
  if (!held) {
    // Another replica is sending it. Should it die on the way, its claim lapses: look again then.
    const auto row = store_.find_digest(covered->key);
    last_.what = row && row->sent_at == 0 ? outcome::held_elsewhere : outcome::sent_before;
    return row && row->sent_at == 0 ? std::min(next, row->claimed_until) : next;
  }
  const auto parts = parts_of(*covered);
  for (auto done = static_cast<std::size_t>(held->parts_sent); done < parts.size(); ++done) {
    const auto result = parts[done].what == part::missing ? part_result{part_result::sent, 0, {}}
                                                          : deliver_(parts[done]);
    if (result.outcome == part_result::unknown) {
      // At most once: a resend could give the chat a second copy, and no one can ask Telegram.
      log::warn("digest_part_unknown",
                {{"period", covered->key},
                 {"part", static_cast<std::int64_t>(done + 1)},
                 {"reason", result.reason},
                 {"effect",
                  "the request went out and no answer came: counted as sent and not sent again, "
                  "so the chat never has it twice; if the chat lacks it, it is lost"}});
    } else if (result.outcome != part_result::sent) {
      // A permanent refusal (the chat is gone, the bot was removed) is not helped by retrying
      // soon: the backoff still tries again, up to hourly, as the outbox does for leads.
      last_.what = outcome::failed;
      last_.reason = result.reason;
      return retry_later(now(), result);
    }
    const bool last = done + 1 == parts.size();
    if (!store_.record_digest(covered->key, options_.owner, static_cast<int>(done + 1),
                              last ? now() : 0)) {
      // The claim lapsed and another replica took it over: it sends the rest.
      log::warn("digest_claim_lost", {{"period", covered->key}});
      last_.what = outcome::claim_lost;
      return next;
    }
  }
  backoff_ = std::chrono::milliseconds(0);
  last_failure_.clear();
  log::info("digest_sent", {{"period", covered->key}, {"parts", parts.size()}});
  last_.what = outcome::sent;
  return next;
}

void sender::start() {
  thread_.start("digest", [this](worker::context& ctx) {
    while (!ctx.stopping()) {
      std::int64_t next = 0;
      try {
        next = run_once();
      } catch (const std::exception& e) {
        // The store refused (a failover, a full disk): look again in a minute.
        log::warn("digest_check_failed", {{"reason", e.what()}});
        next = now() + 60'000;
      }
      // The wall clock decides when; a wait of at most a minute at a time follows it when it
      // jumps (NTP, a suspended machine), and stop() ends the wait at once.
      const auto wait = std::clamp<std::int64_t>(next - now(), 0, 60'000);
      ctx.wait_for(std::chrono::milliseconds(wait));
    }
  });
}

void sender::stop() { thread_.stop(); }

}  // namespace landing::digest
